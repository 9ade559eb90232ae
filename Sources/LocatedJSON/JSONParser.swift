/// A JSON syntax error with its position.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// What is wrong, for the user.
    public var message: String

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// A strict JSON parser (RFC 8259) that records the line and column of every value.
///
/// Foundation's `JSONSerialization` reports neither reliably, and every JSON file Loupe reads is user input that
/// must be located precisely when it is broken. Nesting is limited so hostile input cannot exhaust
/// the stack.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    /// The position just after the last non-blank character read, where a truncated file is reported.
    private var contentEnd = (line: 1, column: 1)
    /// The deepest nesting accepted.
    public static let maximumDepth = 200

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        if parser.index >= bytes.count { throw parser.failure("the file is empty; expected a JSON object") }
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the end of the JSON document") }
        return node
    }

    /// An error here; at the end of the input, just after the last non-blank character (where a
    /// truncated file was cut), not on the empty line after it.
    private func failure(_ message: String) -> JSONSyntaxError {
        if index >= bytes.count { return JSONSyntaxError(line: contentEnd.line, column: contentEnd.column, message: message) }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // continuation bytes do not start a new character
        }
        if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { contentEnd = (line, column) }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = line, startColumn = column
        guard let byte = current else { throw failure("the JSON ends too early; the file may be truncated") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(), line: startLine, column: startColumn)
        case UInt8(ascii: "["): return JSONNode(try parseArray(), line: startLine, column: startColumn)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), line: startLine, column: startColumn)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(.bool(true), line: startLine, column: startColumn)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(.bool(false), line: startLine, column: startColumn)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(.null, line: startLine, column: startColumn)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), line: startLine, column: startColumn)
        default:
            throw failure("unexpected character '\(Self.describe(byte))'; expected a JSON value")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("JSON nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        advance()  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { advance(); depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw current == nil ? failure("the JSON ends inside an object; the file may be truncated")
                    : failure("expected a quoted key in the object")
            }
            let keyLine = line, keyColumn = column
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
            advance()
            skipWhitespace()
            members.append(JSONMember(key: key, node: try parseValue(), keyLine: keyLine, keyColumn: keyColumn))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); depth -= 1; return .object(members)
            case nil: throw failure("the JSON ends inside an object; the file may be truncated")
            default: throw failure("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        advance()  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { advance(); depth -= 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); depth -= 1; return .array(elements)
            case nil: throw failure("the JSON ends inside an array; the file may be truncated")
            default: throw failure("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()  // opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []  // unescaped bytes, validated as UTF-8 in one go
        func flush(_ run: inout [UInt8], into scalars: inout String.UnicodeScalarView) -> Bool {
            guard !run.isEmpty else { return true }
            guard let text = String(validating: run, as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
            return true
        }
        while true {
            guard let byte = current else { throw failure("a string is not closed; the file may be truncated") }
            if byte == UInt8(ascii: "\"") {
                guard flush(&run, into: &scalars) else { throw failure("the string is not valid UTF-8; save the file as UTF-8") }
                advance()
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character (such as a raw newline) inside a string; write it as \\n") }
            if byte == UInt8(ascii: "\\") {
                guard flush(&run, into: &scalars) else { throw failure("the string is not valid UTF-8; save the file as UTF-8") }
                advance()
                guard let escape = current else { throw failure("a string is not closed; the file may be truncated") }
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    advance()
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        if current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                            advance(); advance()
                            let low = try parseHex4()
                            if (0xDC00...0xDFFF).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                code = 0xFFFD
                            }
                        } else {
                            code = 0xFFFD
                        }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    continue
                default:
                    throw failure("unknown escape '\\\(Self.describe(escape))' in a string")
                }
                advance()
                continue
            }
            run.append(byte)
            advance()
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("a \\u escape is cut short") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { parser.advance(); count += 1 }
            return count
        }
        if digits(&self) == 0 { throw failure("a number needs digits") }
        if current == UInt8(ascii: ".") {
            advance()
            if digits(&self) == 0 { throw failure("a number needs digits after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            if digits(&self) == 0 { throw failure("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure("the number \(text) is out of range") }
        return value
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw failure("unexpected text; expected \(word), a string, a number, an object or an array") }
            advance()
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}
