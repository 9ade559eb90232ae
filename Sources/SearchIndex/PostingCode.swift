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
        for value in values {
            var rest = max(0, value)
            repeat {
                var digit = rest & 31
                rest >>= 5
                if rest > 0 { digit |= 32 }
                bytes.append(alphabet[digit])
            } while rest > 0
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes a string written by ``encode(_:)``; `nil` if it holds a character outside the alphabet.
    public static func decode(_ text: String) -> [Int]? {
        var lookup = [Int](repeating: -1, count: 128)
        for (index, byte) in alphabet.enumerated() { lookup[Int(byte)] = index }
        var values: [Int] = []
        var value = 0, shift = 0
        for byte in text.utf8 {
            guard byte < 128, lookup[Int(byte)] >= 0 else { return nil }
            let digit = lookup[Int(byte)]
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
