import MarkupText

/// Escaping for the HTML fragments this module generates (passed to templates as `{{{…}}}`).
///
/// Text is escaped for HTML and, with numeric character references, for Markdown's inline syntax too,
/// so a fragment stays inert whether cmark treats it as an HTML block or as inline HTML.
enum HTMLEscaping {
    /// Escapes text content: the site's Markdown+HTML escaping, for text that continues a line.
    static func text(_ text: String) -> String {
        MarkdownEscaper.escape(text, atLineStart: false)
    }

    /// Escapes an attribute value (always written in double quotes).
    static func attribute(_ value: String) -> String {
        text(value)
    }

    /// Percent-encodes a query value (`"Fun-loving"` stays, `"A&B"` → `"A%26B"`).
    static func queryValue(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isAlphabetic && byte < 0x80 || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
