/// JSON text written by hand, byte for byte what Foundation's `JSONEncoder` writes with
/// `.withoutEscapingSlashes` (and `.sortedKeys`, when callers write keys in ``precedes(_:_:)`` order),
/// with U+2028 and U+2029 escaped for old JavaScript parsers. Large generated files (study parts,
/// search shards) are written this way: the encoder was the slowest part of a large build.
public enum JSONText {
    /// Appends `value` as a JSON string literal. With `escapingMarkup`, `<`, `>` and `&` are written
    /// `\u003c`, `\u003e` and `\u0026` as well, so no text can close a `<script>` it is embedded in.
    ///
    /// Works on UTF-8 bytes, copying each run between escapes at once: a section's HTML has a line break
    /// every few dozen bytes. Bytes, not a `String`: a string made of escaped text has its UTF-8 checked
    /// again, which was two thirds of the escaping's cost.
    public static func append(string value: String, to out: inout [UInt8], escapingMarkup: Bool = false) {
        out.append(0x22)
        let appended: Void? = value.utf8.withContiguousStorageIfAvailable { source in
            appendEscaped(source, to: &out, escapingMarkup: escapingMarkup)
        }
        if appended == nil {
            Array(value.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &out, escapingMarkup: escapingMarkup) }
        }
        out.append(0x22)
    }

    /// Appends an array of strings.
    public static func append(strings values: [String], to out: inout [UInt8], escapingMarkup: Bool = false) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            append(string: value, to: &out, escapingMarkup: escapingMarkup)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingMarkup: Bool) {
        let mask: UInt8 = escapingMarkup ? 3 : 1
        var runStart = 0, index = 0
        while index < source.count {
            let byte = source[index]
            guard stops[Int(byte)] & mask != 0 else {
                index += 1
                continue
            }
            var length = 1
            let escape: StaticString
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0xE2:
                // U+2028 and U+2029: legal in JSON, but not in old JavaScript parsers.
                guard index + 2 < source.count, source[index + 1] == 0x80, source[index + 2] == 0xA8 || source[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
                escape = source[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                length = 3
            default: escape = ""
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            if escape.utf8CodeUnitCount > 0 {
                escape.withUTF8Buffer { out.append(contentsOf: $0) }
            } else {
                // Other control characters, and markup when escaped: `\u00XX`.
                out.append(0x5C)
                out.append(UInt8(ascii: "u"))
                out.append(0x30)
                out.append(0x30)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
            index += length
            runStart = index
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// For each byte, whether a run of plain text stops there: bit 1 always (control characters, `"`,
    /// `\\` and the first byte of U+2028/U+2029), bit 2 when markup is escaped too (`<`, `>`, `&`).
    private static let stops: [UInt8] = (0...255).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 ? 1 : byte == 0x3C || byte == 0x3E || byte == 0x26 ? 2 : 0
    }

    /// The key order of `JSONEncoder`'s `.sortedKeys` (by UTF-8 bytes).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        TextOrder.utf8Precedes(a, b)
    }
}
