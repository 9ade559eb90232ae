/// One term's postings, kept already encoded as ``PostingCode`` text bytes while the index is built:
/// two or three bytes a posting instead of an 8-byte integer, so a 100,000-card index fits in a
/// fraction of the memory.
///
/// Postings are appended a document at a time, in increasing document order; each document's
/// codes (`section × 4 + field`) are sorted and free of repeats.
struct PostingList {
    /// The encoded `docDelta, code` pairs. The first pair's `docDelta` is its absolute document.
    private(set) var bytes: [UInt8] = []
    /// The document of the last posting.
    private(set) var lastDocument = 0

    /// Appends the postings of `document`, whose `codes` are sorted and unique.
    mutating func append(document: Int, codes: some Collection<Int>) {
        var delta = bytes.isEmpty ? document : document - lastDocument
        for code in codes {
            Self.encode(delta, into: &bytes)
            Self.encode(code, into: &bytes)
            delta = 0
        }
        lastDocument = document
    }

    /// Appends `later`, whose documents all come after this list's.
    mutating func append(_ later: PostingList) {
        guard !bytes.isEmpty else { self = later; return }
        // `later` starts with an absolute document number: rewrite it as a delta from this list's last.
        var index = 0, first = 0, shift = 0
        while index < later.bytes.count {
            let digit = Self.digit(of: later.bytes[index])
            index += 1
            first |= (digit & 31) << shift
            shift += 5
            if digit & 32 == 0 { break }
        }
        Self.encode(first - lastDocument, into: &bytes)
        bytes.append(contentsOf: later.bytes[index...])
        lastDocument = later.lastDocument
    }

    /// The postings as ``PostingCode`` text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    private static func encode(_ value: Int, into bytes: inout [UInt8]) {
        var rest = max(0, value)
        repeat {
            var digit = rest & 31
            rest >>= 5
            if rest > 0 { digit |= 32 }
            bytes.append(PostingCode.alphabet[digit])
        } while rest > 0
    }

    /// The 6-bit value of an alphabet character (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`).
    private static func digit(of byte: UInt8) -> Int {
        switch byte {
        case 0x41...0x5A: Int(byte) - 0x41
        case 0x61...0x7A: Int(byte) - 0x61 + 26
        case 0x30...0x39: Int(byte) - 0x30 + 52
        case 0x2B: 62
        default: 63
        }
    }
}
