/// The title and language of a standalone HTML document, read from `<title>` and `<html lang>`.
///
/// Session documents come from Loupe's own layout, so a full HTML parser is not needed: the first
/// `<title>` element and the `lang` attribute of the `<html>` tag are found by text, and the character
/// references the layout's escaping produces are decoded.
struct HTMLHead {
    /// The decoded, whitespace-collapsed text of `<title>`, or `nil` when absent or empty.
    var title: String?
    /// The `lang` of `<html>`, or `nil`.
    var language: String?

    init(_ html: String) {
        let head = html.prefix(8192)
        if let open = head.range(of: "<title>"), let close = head.range(of: "</title>", range: open.upperBound..<head.endIndex) {
            let text = Self.decode(String(head[open.upperBound..<close.lowerBound]))
            let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            title = collapsed.isEmpty ? nil : collapsed
        }
        if let tag = head.range(of: "<html"), let end = head.range(of: ">", range: tag.upperBound..<head.endIndex) {
            let attributes = head[tag.upperBound..<end.lowerBound]
            for quote in ["\"", "'"] {
                if let key = attributes.range(of: "lang=" + quote),
                   let close = attributes.range(of: quote, range: key.upperBound..<attributes.endIndex) {
                    let value = String(attributes[key.upperBound..<close.lowerBound])
                    if !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                        language = value
                    }
                    break
                }
            }
        }
    }

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references; others stay as written.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let decoded = Self.reference(name) {
                result.unicodeScalars.append(decoded)
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func reference(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32? = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
