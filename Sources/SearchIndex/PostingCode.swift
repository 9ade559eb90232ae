/// Postings as text: unsigned base64 VLQ, the integer encoding of source maps.
///
/// A posting list is a flat sequence `docDelta, code, docDelta, code, …` where `docDelta` is the
/// document number minus the previous posting's (0 for another posting in the same document) and
/// `code = section × 4 + field`. Section 0 is the document itself (title and path); sections
/// 1…n are the document's sections in order. Each integer is written in 5-bit groups, least
/// significant first, one base64 character per group, with 32 added while more groups follow.
public enum PostingCode {
    /// The base64 alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`).
    public static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The field of a posting: where in the document or section the term occurred.
    public enum Field: Int, Sendable, CaseIterable {
        /// The section's body text.
        case body = 0
        /// The section's header.
        case header = 1
        /// The document's context path (section 0 only).
        case path = 2
        /// The document's title (section 0 only).
        case title = 3
    }

    /// Encodes non-negative integers.
    public static func encode(_ values: [Int]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 2)
        for value in values { append(value, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one non-negative integer's characters to `bytes`.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = max(0, value)
        repeat {
            var digit = rest & 31
            rest >>= 5
            if rest > 0 { digit |= 32 }
            bytes.append(character(of: digit))
        } while rest > 0
    }

    /// The alphabet character of a 6-bit value (``alphabet``'s, computed: reading the global table went
    /// through its one-time initialisation check for every character of every posting).
    @inline(__always)
    static func character(of digit: Int) -> UInt8 {
        switch digit {
        case 0..<26: UInt8(truncatingIfNeeded: 0x41 + digit)
        case 26..<52: UInt8(truncatingIfNeeded: 0x61 - 26 + digit)
        case 52..<62: UInt8(truncatingIfNeeded: 0x30 - 52 + digit)
        case 62: 0x2B
        default: 0x2F
        }
    }

    /// The 6-bit value of an alphabet character, or `nil` for any other byte.
    static func digit(of byte: UInt8) -> Int? {
        switch byte {
        case 0x41...0x5A: Int(byte) - 0x41
        case 0x61...0x7A: Int(byte) - 0x61 + 26
        case 0x30...0x39: Int(byte) - 0x30 + 52
        case 0x2B: 62
        case 0x2F: 63
        default: nil
        }
    }

    /// Decodes a string written by ``encode(_:)``; `nil` if it holds a character outside the alphabet.
    public static func decode(_ text: String) -> [Int]? {
        var values: [Int] = []
        var value = 0, shift = 0
        for byte in text.utf8 {
            guard let digit = digit(of: byte) else { return nil }
            value |= (digit & 31) << shift
            if digit & 32 != 0 {
                shift += 5
                guard shift < 60 else { return nil }
            } else {
                values.append(value)
                value = 0
                shift = 0
            }
        }
        return shift == 0 ? values : nil
    }
}
