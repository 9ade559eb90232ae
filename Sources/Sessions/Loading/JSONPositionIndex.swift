/// Where each value of a JSON text starts, by path, so diagnostics can name a line and column.
///
/// `JSONSerialization` decides what the values are; this scanner only walks the same text to
/// record positions and the literal kind of each value (it tells `true` from `1`, which bridged
/// `NSNumber`s cannot). On text it cannot follow it stops, and lookups fall back to the file.
struct JSONPositionIndex: Sendable {
    /// The literal kind of a scanned value.
    enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    /// A value's 1-based position and kind.
    struct Entry: Sendable, Equatable {
        var line: Int
        var column: Int
        var kind: Kind
    }

    private(set) var entries: [JSONPath: Entry] = [:]
    /// Where scanning stopped on text that is not JSON (1-based line and column), if it did.
    private(set) var failure: (line: Int, column: Int)?

    /// Scans `text`.
    init(text: String) {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        scanner.skipWhitespace()
        let complete = scanner.scanValue(at: JSONPath(), into: &entries)
        scanner.skipWhitespace()
        if !complete || scanner.current != nil { failure = (scanner.line, scanner.column) }
    }

    /// The entry for `path`, or the nearest ancestor's.
    func entry(nearest path: JSONPath) -> Entry? {
        var components = path.components
        while true {
            if let entry = entries[JSONPath(components: components)] { return entry }
            if components.isEmpty { return nil }
            components.removeLast()
        }
    }

    /// The entry for exactly `path`.
    func entry(at path: JSONPath) -> Entry? { entries[path] }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var offset = 0
        var line = 1
        var column = 1
        var depth = 0
        /// Deeper nesting than any session file needs; stops hostile input from exhausting the stack.
        static let maximumDepth = 256

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            if scalars.first == "\u{FEFF}" { offset = 1 }
        }

        var current: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

        mutating func advance() {
            guard let scalar = current else { return }
            offset += 1
            if scalar == "\n" {
                line += 1
                column = 1
            } else if scalar == "\r" {
                if current != "\n" {
                    line += 1
                    column = 1
                }
            } else {
                column += 1
            }
        }

        mutating func skipWhitespace() {
            while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            }
        }

        /// Scans one value; returns false when the text cannot be followed.
        mutating func scanValue(at path: JSONPath, into entries: inout [JSONPath: Entry]) -> Bool {
            guard let scalar = current, depth < Self.maximumDepth else { return false }
            depth += 1
            defer { depth -= 1 }
            let start = (line, column)
            func record(_ kind: Kind) { entries[path] = Entry(line: start.0, column: start.1, kind: kind) }
            switch scalar {
            case "{":
                record(.object)
                advance()
                skipWhitespace()
                if current == "}" { advance(); return true }
                while true {
                    skipWhitespace()
                    guard current == "\"", let key = scanString() else { return false }
                    skipWhitespace()
                    guard current == ":" else { return false }
                    advance()
                    skipWhitespace()
                    guard scanValue(at: path.appending(.key(key)), into: &entries) else { return false }
                    skipWhitespace()
                    if current == "," { advance(); continue }
                    if current == "}" { advance(); return true }
                    return false
                }
            case "[":
                record(.array)
                advance()
                skipWhitespace()
                if current == "]" { advance(); return true }
                var index = 0
                while true {
                    skipWhitespace()
                    guard scanValue(at: path.appending(.index(index)), into: &entries) else { return false }
                    index += 1
                    skipWhitespace()
                    if current == "," { advance(); continue }
                    if current == "]" { advance(); return true }
                    return false
                }
            case "\"":
                record(.string)
                return scanString() != nil
            case "t", "f":
                record(.bool)
                return scanWord()
            case "n":
                record(.null)
                return scanWord()
            default:
                record(.number)
                return scanWord()
            }
        }

        /// Skips a literal or number.
        mutating func scanWord() -> Bool {
            var count = 0
            while let scalar = current, !(scalar == "," || scalar == "}" || scalar == "]" || scalar == " "
                || scalar == "\n" || scalar == "\r" || scalar == "\t") {
                advance()
                count += 1
            }
            return count > 0
        }

        /// Scans a string literal and returns its decoded text.
        mutating func scanString() -> String? {
            guard current == "\"" else { return nil }
            advance()
            var text = String.UnicodeScalarView()
            var pendingHighSurrogate: UInt32?
            while let scalar = current {
                advance()
                switch scalar {
                case "\"":
                    return String(text)
                case "\\":
                    guard let escaped = current else { return nil }
                    advance()
                    switch escaped {
                    case "b": text.append("\u{8}")
                    case "f": text.append("\u{C}")
                    case "n": text.append("\n")
                    case "r": text.append("\r")
                    case "t": text.append("\t")
                    case "u":
                        var value: UInt32 = 0
                        for _ in 0..<4 {
                            guard let digit = current, let nibble = UInt32(String(digit), radix: 16) else { return nil }
                            value = value * 16 + nibble
                            advance()
                        }
                        if (0xD800...0xDBFF).contains(value) {
                            pendingHighSurrogate = value
                            continue
                        }
                        if (0xDC00...0xDFFF).contains(value), let high = pendingHighSurrogate {
                            let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                            if let full = Unicode.Scalar(combined) { text.append(full) }
                        } else if let single = Unicode.Scalar(value) {
                            text.append(single)
                        }
                    default: text.append(escaped)
                    }
                default:
                    text.append(scalar)
                }
                pendingHighSurrogate = nil
            }
            return nil
        }
    }
}
