/// One term's postings, kept already encoded as ``PostingCode`` text bytes while the index is built:
/// two or three bytes a posting instead of an 8-byte integer, so a 100,000-card index fits in a
/// fraction of the memory.
///
/// Postings are appended a document at a time, in increasing document order; each document's
/// codes (`section × 4 + field`) are sorted and free of repeats.
struct PostingList: Equatable {
    /// The encoded `docDelta, code` pairs. The first pair's `docDelta` is its absolute document.
    private(set) var bytes: [UInt8] = []
    /// The document of the last posting.
    private(set) var lastDocument = 0

    /// An empty list.
    init() {}

    /// A list as ``PostingChunkCoding`` stored it.
    init(bytes: [UInt8], lastDocument: Int) {
        self.bytes = bytes
        self.lastDocument = lastDocument
    }

    /// Appends the postings of `document`, whose `codes` are sorted and unique.
    mutating func append(document: Int, codes: some Collection<Int>) {
        var delta = bytes.isEmpty ? document : document - lastDocument
        for code in codes {
            PostingCode.append(delta, to: &bytes)
            PostingCode.append(code, to: &bytes)
            delta = 0
        }
        lastDocument = document
    }

    /// Appends `later`, whose documents all come after this list's.
    mutating func append(_ later: PostingList) {
        guard !bytes.isEmpty else { self = later; return }
        // `later` starts with an absolute document number: rewrite it as a delta from this list's last.
        var index = 0
        let first = later.bytes.withUnsafeBufferPointer { Self.value(in: $0, at: &index) }
        // Grown by an eighth rather than doubled: the merged lists are the index's memory, and most of
        // a doubled list's capacity would stay unused (a copy an eighth of the time costs little).
        let needed = bytes.count + 8 + later.bytes.count - index
        if bytes.capacity < needed { bytes.reserveCapacity(max(needed, bytes.count + bytes.count / 8)) }
        PostingCode.append(first - lastDocument, to: &bytes)
        bytes.append(contentsOf: later.bytes[index...])
        lastDocument = later.lastDocument
    }

    /// This list with the postings of `documents` replaced by `replacement`'s, whose documents all lie
    /// in `documents` (`nil`: none). Postings are in document order, so those of `documents` are one
    /// run: the bytes before it are kept, and those after it with their first document made absolute.
    func replacing(_ documents: Range<Int>, with replacement: PostingList?) -> PostingList {
        // Where the run starts and ends, and the documents just before and at its end.
        var start = bytes.count, end = bytes.count, before = lastDocument, after = 0
        if documents.lowerBound <= lastDocument {
            bytes.withUnsafeBufferPointer { bytes in
                var index = 0, document = 0, isFirst = true
                before = 0
                start = -1
                while index < bytes.count {
                    let pair = index
                    let delta = Self.value(in: bytes, at: &index)
                    Self.skipValue(in: bytes, at: &index)  // the code
                    document = isFirst ? delta : document + delta
                    isFirst = false
                    if start < 0 {
                        if document >= documents.lowerBound { start = pair } else { before = document }
                    }
                    if document >= documents.upperBound {
                        end = pair
                        after = document
                        break
                    }
                }
                if start < 0 { start = bytes.count }
            }
        }
        var result = start > 0 ? PostingList(bytes: Array(bytes[..<start]), lastDocument: before) : PostingList()
        if let replacement { result.append(replacement) }
        if end < bytes.count {
            var rest = end
            bytes.withUnsafeBufferPointer { Self.skipValue(in: $0, at: &rest) }
            var suffix: [UInt8] = []
            suffix.reserveCapacity(bytes.count - rest + 4)
            PostingCode.append(after, to: &suffix)
            suffix.append(contentsOf: bytes[rest...])
            result.append(PostingList(bytes: suffix, lastDocument: lastDocument))
        }
        return result
    }

    /// Moves `index` past the ``PostingCode`` number there: past its first digit below 32.
    @inline(__always)
    private static func skipValue(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            // Digits 32…63 (more follow) are `g`–`z`, `0`–`9`, `+` and `/`; 0…31 are `A`–`Z`, `a`–`f`.
            if byte >= 0x41 && byte <= 0x5A || byte >= 0x61 && byte <= 0x66 { return }
        }
    }

    /// The ``PostingCode`` number at `index`, which moves past it.
    @inline(__always)
    private static func value(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int {
        var value = 0, shift = 0
        while index < bytes.count {
            let digit = PostingCode.digit(of: bytes[index]) ?? 0
            index += 1
            value |= (digit & 31) << shift
            shift += 5
            if digit & 32 == 0 { break }
        }
        return value
    }

    /// The postings as ``PostingCode`` text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
