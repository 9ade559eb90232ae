/// Escapes user text so that it stays literal text both in Markdown and in HTML.
///
/// Characters that could start Markdown or HTML markup become numeric character references,
/// which libcmark and browsers both decode back to the character, and which stay inert inside
/// raw HTML blocks (where backslash escapes would not apply). Newlines become spaces so a value
/// can never end an HTML block or start a new Markdown block.
public enum MarkdownEscaper {
    /// The escaped form of `text`.
    ///
    /// - Parameter atLineStart: whether the value may begin a Markdown line (the default, and the
    ///   safe choice); pass `false` for text that continues a line Loupe already started.
    public static func escape(_ text: String, atLineStart: Bool = true) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Fast path: most values need nothing escaped.
            if !needsEscaping(bytes, atLineStart: atLineStart) { return String(decoding: bytes, as: UTF8.self) }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 32)
            var atStart = atLineStart
            var pendingDigits = false
            for byte in bytes {
                if let replacement = always[Int(byte)] {
                    out.append(contentsOf: replacement)
                } else if atStart, let replacement = lineStart[Int(byte)] {
                    out.append(contentsOf: replacement)
                } else if pendingDigits, byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")") {
                    out.append(contentsOf: Array("&#\(byte);".utf8))
                } else {
                    out.append(byte)
                }
                // A value may land at the start of a Markdown line: guard list and heading markers there.
                let isDigit = byte >= 0x30 && byte <= 0x39
                pendingDigits = (atStart || pendingDigits) && isDigit
                atStart = false
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, atLineStart: Bool) -> Bool {
        guard let first = bytes.first else { return false }
        if atLineStart && (lineStart[Int(first)] != nil || (first >= 0x30 && first <= 0x39)) { return true }
        for byte in bytes where always[Int(byte)] != nil { return true }
        return false
    }

    /// Replacements wherever the byte appears.
    private static let always: [[UInt8]?] = {
        var table = [[UInt8]?](repeating: nil, count: 256)
        let entities: [Character: String] = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;", "\\": "&#92;", "`": "&#96;",
            "*": "&#42;", "_": "&#95;", "[": "&#91;", "]": "&#93;", "!": "&#33;", "|": "&#124;", "~": "&#126;",
            "{": "&#123;", "}": "&#125;", "$": "&#36;", "\n": " ", "\r": " ", "\t": " ", "\0": "\u{FFFD}",
        ]
        for (character, replacement) in entities { table[Int(character.asciiValue!)] = Array(replacement.utf8) }
        return table
    }()

    /// Replacements only at the start of a value (Markdown block markers).
    private static let lineStart: [[UInt8]?] = {
        var table = [[UInt8]?](repeating: nil, count: 256)
        for character in "#-+=> " { table[Int(character.asciiValue!)] = Array("&#\(character.asciiValue!);".utf8) }
        return table
    }()
}
