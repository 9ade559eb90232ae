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
        var index = 0, first = 0, shift = 0
        while index < later.bytes.count {
            let digit = PostingCode.digit(of: later.bytes[index]) ?? 0
            index += 1
            first |= (digit & 31) << shift
            shift += 5
            if digit & 32 == 0 { break }
        }
        // Grown by an eighth rather than doubled: the merged lists are the index's memory, and most of
        // a doubled list's capacity would stay unused (a copy an eighth of the time costs little).
        let needed = bytes.count + 8 + later.bytes.count - index
        if bytes.capacity < needed { bytes.reserveCapacity(max(needed, bytes.count + bytes.count / 8)) }
        PostingCode.append(first - lastDocument, to: &bytes)
        bytes.append(contentsOf: later.bytes[index...])
        lastDocument = later.lastDocument
    }

    /// The postings as ``PostingCode`` text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
