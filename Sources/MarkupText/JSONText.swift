/// JSON text written by hand, byte for byte what Foundation's `JSONEncoder` writes with
/// `.withoutEscapingSlashes` (and `.sortedKeys`, when callers write keys in ``precedes(_:_:)`` order),
/// with U+2028 and U+2029 escaped for old JavaScript parsers. Large generated files (study parts,
/// search shards) are written this way: the encoder was the slowest part of a large build.
public enum JSONText {
    /// Appends `value` as a JSON string literal. With `escapingMarkup`, `<`, `>` and `&` are written
    /// `\u003c`, `\u003e` and `\u0026` as well, so no text can close a `<script>` it is embedded in.
    ///
    /// Works on the UTF-8 bytes: a section's HTML has a line break every few dozen bytes, and appending
    /// the text between escapes piece by piece was most of the cost of a study part file.
    public static func append(string value: String, to out: inout String, escapingMarkup: Bool = false) {
        let needsEscaping = value.utf8.contains { byte in
            byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 || (escapingMarkup && (byte == 0x3C || byte == 0x3E || byte == 0x26))
        }
        guard needsEscaping else {
            out += "\""
            out += value
            out += "\""
            return
        }
        let utf8 = Array(value.utf8)
        var escaped: [UInt8] = [0x22]
        escaped.reserveCapacity(utf8.count + utf8.count / 8 + 2)
        let hex = Array("0123456789abcdef".utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case 0x22, 0x5C: escaped += [0x5C, byte]
            case 0x0A: escaped += [0x5C, UInt8(ascii: "n")]
            case 0x0D: escaped += [0x5C, UInt8(ascii: "r")]
            case 0x09: escaped += [0x5C, UInt8(ascii: "t")]
            case 0x08: escaped += [0x5C, UInt8(ascii: "b")]
            case 0x0C: escaped += [0x5C, UInt8(ascii: "f")]
            case 0x00..<0x20: escaped += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            case 0x3C where escapingMarkup, 0x3E where escapingMarkup, 0x26 where escapingMarkup:
                escaped += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            case 0xE2 where index + 1 < utf8.count && utf8[index] == 0x80 && (utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9):
                // U+2028 and U+2029: legal in JSON, but not in old JavaScript parsers.
                escaped += Array("\\u202".utf8) + [utf8[index + 1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")]
                index += 2
            default: escaped.append(byte)
            }
        }
        escaped.append(0x22)
        out += String(decoding: escaped, as: UTF8.self)
    }

    /// Appends an array of strings.
    public static func append(strings values: [String], to out: inout String, escapingMarkup: Bool = false) {
        out += "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            append(string: value, to: &out, escapingMarkup: escapingMarkup)
        }
        out += "]"
    }

    /// The key order of `JSONEncoder`'s `.sortedKeys` (by UTF-8 bytes).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
