/// A hash or digest as a build records it for a file (``WrittenFile``): text of hexadecimal digits.
///
/// Nearly every one is 32 lower-case digits (``FNV1a/hex``), kept as the two 64-bit words they spell,
/// not as a string: at 100,000 cards a build records 140,000 files, and two heap strings per record
/// were 18 MB of its peak memory. Any other text (a SHA-256 name, a test's `"h"`) is kept as it is.
struct RecordedHex: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case words(UInt64, UInt64)
        case text(String)
    }
    private let storage: Storage

    /// The value `text` spells.
    init(_ text: String) {
        var text = text
        storage = text.withUTF8 { Self.words(of: UnsafeBufferPointer(rebasing: $0[...])) }.map { .words($0.0, $0.1) } ?? .text(text)
    }

    /// The value `bytes` (UTF-8) spell.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        storage = Self.words(of: bytes).map { .words($0.0, $0.1) } ?? .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The value whose 32 digits are `high`'s 16 then `low`'s 16 (``FNV1a/lanes``).
    init(high: UInt64, low: UInt64) {
        storage = .words(high, low)
    }

    /// The two words, when the text is 32 lower-case hex digits.
    var words: (UInt64, UInt64)? {
        if case .words(let high, let low) = storage { return (high, low) }
        return nil
    }

    /// The text, as it was recorded.
    var text: String {
        if case .text(let text) = storage { return text }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the text's UTF-8 bytes (the manifest's line), without making a string.
    func append(to bytes: inout [UInt8]) {
        withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the text's UTF-8 bytes, without making a string.
    func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch storage {
        case .text(let text):
            var text = text
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .words(let high, let low):
            var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            return withUnsafeMutableBytes(of: &digits) { raw in
                for digit in 0..<16 {
                    let shift = 60 - 4 * UInt64(digit)
                    raw[digit] = Self.digit(UInt8(truncatingIfNeeded: high >> shift) & 0xF)
                    raw[16 + digit] = Self.digit(UInt8(truncatingIfNeeded: low >> shift) & 0xF)
                }
                return body(UnsafeRawBufferPointer(raw))
            }
        }
    }

    /// The two words 32 lower-case hex digits spell; `nil` for any other text (upper case included, so
    /// the text always reads back as it was). Each digit's value comes from a table (16 for a byte that
    /// is not one): an edit build reads 27,000 of these from the manifest.
    private static func words(of digits: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard digits.count == 32, let text = digits.baseAddress else { return nil }
        // Through the table's and the digits' own pointers: a byte indexes 256 entries, an index under
        // 32 the digits, so no access is checked (the checked loop was 350 instructions a hash).
        return digitValues.withUnsafeBufferPointer { table -> (UInt64, UInt64)? in
            guard let values = table.baseAddress else { return nil }
            var high: UInt64 = 0, low: UInt64 = 0, invalid: UInt8 = 0
            for index in 0..<16 {
                let value = values[Int(text[index])], lowValue = values[Int(text[16 + index])]
                invalid |= value | lowValue
                high = high << 4 | UInt64(value & 0xF)
                low = low << 4 | UInt64(lowValue & 0xF)
            }
            return invalid & 0x10 == 0 ? (high, low) : nil
        }
    }

    /// The value of each byte as a lower-case hex digit, or 16.
    private static let digitValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        default: 16
        }
    }

    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }
}
