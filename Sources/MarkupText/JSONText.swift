/// JSON text written by hand, byte for byte what Foundation's `JSONEncoder` writes with
/// `.withoutEscapingSlashes` (and `.sortedKeys`, when callers write keys in ``precedes(_:_:)`` order),
/// with U+2028 and U+2029 escaped for old JavaScript parsers. Large generated files (study parts,
/// search shards) are written this way: the encoder was the slowest part of a large build.
public enum JSONText {
    /// Appends `value` as a JSON string literal. With `escapingMarkup`, `<`, `>` and `&` are written
    /// `\u003c`, `\u003e` and `\u0026` as well, so no text can close a `<script>` it is embedded in.
    ///
    /// Works on the UTF-8 bytes, writing an escaped value straight into the new string's storage: a
    /// section's HTML has a line break every few dozen bytes, and building it byte by byte in an array
    /// first was three times slower.
    public static func append(string value: String, to out: inout String, escapingMarkup: Bool = false) {
        var value = value
        value.withUTF8 { source in
            let needsEscaping = source.contains { byte in
                byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 || (escapingMarkup && (byte == 0x3C || byte == 0x3E || byte == 0x26))
            }
            guard needsEscaping else {
                out += "\""
                out += String(decoding: source, as: UTF8.self)
                out += "\""
                return
            }
            // At most six bytes for one (`\u00XX`), plus the quotes.
            out += String(unsafeUninitializedCapacity: source.count * 6 + 2) { buffer in
                var written = 0
                func put(_ byte: UInt8) {
                    buffer[written] = byte
                    written += 1
                }
                func putUnicodeEscape(_ byte: UInt8) {
                    for character in [0x5C, UInt8(ascii: "u"), 0x30, 0x30] as [UInt8] { put(character) }
                    put(hexDigits[Int(byte >> 4)])
                    put(hexDigits[Int(byte & 0x0F)])
                }
                put(0x22)
                var index = 0
                while index < source.count {
                    let byte = source[index]
                    index += 1
                    switch byte {
                    case 0x22, 0x5C: put(0x5C); put(byte)
                    case 0x0A: put(0x5C); put(UInt8(ascii: "n"))
                    case 0x0D: put(0x5C); put(UInt8(ascii: "r"))
                    case 0x09: put(0x5C); put(UInt8(ascii: "t"))
                    case 0x08: put(0x5C); put(UInt8(ascii: "b"))
                    case 0x0C: put(0x5C); put(UInt8(ascii: "f"))
                    case 0x00..<0x20, 0x3C where escapingMarkup, 0x3E where escapingMarkup, 0x26 where escapingMarkup:
                        putUnicodeEscape(byte)
                    case 0xE2 where index + 1 < source.count && source[index] == 0x80 && (source[index + 1] == 0xA8 || source[index + 1] == 0xA9):
                        // U+2028 and U+2029: legal in JSON, but not in old JavaScript parsers.
                        for character in Array("\\u202".utf8) { put(character) }
                        put(source[index + 1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                        index += 2
                    default: put(byte)
                    }
                }
                put(0x22)
                return written
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

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
