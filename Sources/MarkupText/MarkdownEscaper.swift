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
        // Most values need nothing escaped: they are returned as they are (read in place, not copied).
        let needed = text.utf8.withContiguousStorageIfAvailable { needsEscaping($0, atLineStart: atLineStart) }
        if needed == false { return text }
        var text = text
        return text.withUTF8 { bytes in
            guard needed == true || needsEscaping(bytes, atLineStart: atLineStart) else { return nil }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 32)
            appendEscaped(bytes, atLineStart: atLineStart, to: &out)
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// Appends the escaped form of `text` to the UTF-8 bytes `out` (what ``escape(_:atLineStart:)``
    /// gives, without making a string of it).
    public static func append(_ text: String, atLineStart: Bool = true, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if needsEscaping(bytes, atLineStart: atLineStart) {
                appendEscaped(bytes, atLineStart: atLineStart, to: &out)
            } else {
                out.append(contentsOf: bytes)
            }
        }
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, atLineStart: Bool, to out: inout [UInt8]) {
        // The tables read once, not through their lazy globals' initialisation check for every byte.
        let always = Self.always, lineStart = Self.lineStart, space = Self.space
        var atStart = atLineStart
        var pendingDigits = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isSeparator = isLineSeparator(bytes, at: index)
            let replacement = isSeparator ? space : always[Int(byte)]
            index += isSeparator ? 3 : 1
            if atStart, replacement == space {
                // A line break first becomes a space, and four would make an indented code block.
                out.append(contentsOf: lineStart[Int(UInt8(ascii: " "))]!)
            } else if let replacement {
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
    }

    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, atLineStart: Bool) -> Bool {
        guard let first = bytes.first else { return false }
        if atLineStart && (lineStart[Int(first)] != nil || (first >= 0x30 && first <= 0x39)) { return true }
        // One table load per byte, the separator test only at its lead byte: this runs over every value
        // of a deck.
        return flags.withUnsafeBufferPointer { flags in
            for index in bytes.indices where flags[Int(bytes[index])] != 0 {
                if bytes[index] != 0xE2 || isLineSeparator(bytes, at: index) { return true }
            }
            return false
        }
    }

    /// Whether ``always`` has a replacement for `byte`, from two constant words: the table is a lazily
    /// made global, and checking it for every byte of every value went through its one-time
    /// initialisation check each time (1 % of a cold build).
    @inline(__always)
    static func isAlwaysReplaced(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x5000_04d6_0000_2601, high: UInt64 = 0x7800_0001_b800_0000
        switch byte {
        case 0..<64: return low >> UInt64(byte) & 1 == 1
        case 64..<128: return high >> UInt64(byte - 64) & 1 == 1
        default: return false
        }
    }

    /// Whether U+2028 (line separator) or U+2029 (paragraph separator) starts at `index`: they become
    /// spaces like the other line breaks.
    @inline(__always)
    private static func isLineSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    /// 1 for each byte ``always`` replaces and for 0xE2 (which may lead a line or paragraph separator).
    private static let flags: [UInt8] = (0...255).map { byte in isAlwaysReplaced(UInt8(byte)) || byte == 0xE2 ? 1 : 0 }

    private static let space: [UInt8]? = [UInt8(ascii: " ")]

    /// Replacements wherever the byte appears.
    static let always: [[UInt8]?] = {
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
