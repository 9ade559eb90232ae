import Diagnostics

/// Every term's postings over all documents, sorted by term: the index before it is cut into shards,
/// with the names of the chunks it was merged from.
///
/// A build keeps it for the next (``PostingChunkStore/storeMerged(_:)``). When the next build has the
/// same documents count and only a few chunks changed, it takes the kept table and replaces, in the
/// lists of the terms those chunks hold (before and after), the postings of their documents
/// (``replacingChunk(_:documents:old:new:)``), instead of decoding and merging every chunk's table
/// and sorting every term. Postings are in document order, so a chunk's are one run of each list.
struct MergedPostings: Equatable {
    /// The terms, sorted by ``SearchText/precedes(_:_:)``.
    private(set) var terms: [String] = []
    /// Each term's postings (never empty), in the order of ``terms``.
    private(set) var lists: [PostingList] = []
    /// The number of documents indexed.
    var documentCount = 0
    /// Documents per chunk.
    var chunkSize = 0
    /// The name of each chunk's key (`PostingChunkCoding.key`), in order; empty when unknown.
    var chunkNames: [ContentDigest] = []

    /// An empty table.
    init() {}

    /// The merged lists of `table` (term → list), sorted by term.
    init(_ table: consuming [String: PostingList]) {
        terms = table.keys.sorted(by: SearchText.precedes)
        lists.reserveCapacity(terms.count)
        for term in terms { lists.append(table.removeValue(forKey: term)!) }
    }

    /// Replaces the postings of the documents `documents` (one chunk's) by those of `new`, the chunk's
    /// table now; `old` is its table when the merged lists were made. A term of neither keeps its list
    /// untouched; a list left empty drops its term; a new term is inserted in order.
    mutating func replacingChunk(_ documents: Range<Int>, old: [String: PostingList], new: [String: PostingList]) {
        var added: [(String, PostingList)] = []
        var emptied = false
        for term in Set(old.keys).union(new.keys) {
            // The same postings as when the lists were made: the list already holds them. After a
            // one-card edit that is every term of the chunk but the card's changed words, and each
            // replacement reads its list from the start (common terms' lists span every document).
            let now = new[term]
            if let now, now == old[term] { continue }
            if let index = Self.index(of: term, in: terms) {
                lists[index] = lists[index].replacing(documents, with: now)
                if lists[index].bytes.isEmpty { emptied = true }
            } else if let now {
                added.append((term, now))
            }
        }
        if emptied {
            let kept = lists.indices.filter { !lists[$0].bytes.isEmpty }
            terms = kept.map { terms[$0] }
            lists = kept.map { lists[$0] }
        }
        guard !added.isEmpty else { return }
        added.sort { SearchText.precedes($0.0, $1.0) }
        var mergedTerms: [String] = [], mergedLists: [PostingList] = []
        mergedTerms.reserveCapacity(terms.count + added.count)
        mergedLists.reserveCapacity(terms.count + added.count)
        var next = 0
        for (term, list) in added {
            while next < terms.count && SearchText.precedes(terms[next], term) {
                mergedTerms.append(terms[next])
                mergedLists.append(lists[next])
                next += 1
            }
            mergedTerms.append(term)
            mergedLists.append(list)
        }
        mergedTerms += terms[next...]
        mergedLists += lists[next...]
        terms = mergedTerms
        lists = mergedLists
    }

    /// Term `index` and its list, which is left empty here (its memory goes back as the shards are made).
    mutating func take(_ index: Int) -> (String, PostingList) {
        let list = lists[index]
        lists[index] = PostingList()
        return (terms[index], list)
    }

    /// The position of `term` in the sorted `terms`, by binary search.
    private static func index(of term: String, in terms: [String]) -> Int? {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if SearchText.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        return low < terms.count && terms[low] == term ? low : nil
    }
}

/// The merged table an earlier build kept (``PostingChunkStore/previousMerged()``), decoded from its
/// parts: a store can read and decode it on another thread before the build needs it.
public struct KeptMergedPostings: Sendable {
    let table: MergedPostings

    /// The table `parts` hold (``MergedPostingParts``, the header first); `nil` when they are not one.
    public init?(parts: [[UInt8]]) {
        guard let table = MergedPostings(decoding: parts) else { return nil }
        self.table = table
    }

    /// How many parts follow the first in the table whose first part is `header`; `nil` when it is not one.
    public static func partCount(header: [UInt8]) -> Int? {
        MergedPostings.Header(decoding: header)?.partCount
    }
}

// MARK: - Byte form

/// The byte form of a merged table, in parts of about ``MergedPostings/partBytes``, so writing it never
/// holds more than one part besides the table (at 100,000 cards the table is 50 MB; held whole, its
/// bytes were the build's peak memory).
///
/// Part 0: `LPM2`, the documents count, chunk size and chunk count, each chunk's 32-byte name, the term
/// count and how many parts follow. Each following part: `LPP1`, its term count, then per term its text,
/// its list's length and ``PostingCode`` bytes and its last document. Terms run in order across parts.
public struct MergedPostingParts: Sendable {
    /// Part 0.
    public let header: [UInt8]
    /// The number of parts after the header.
    public var count: Int { ranges.count }
    private let ranges: [Range<Int>]
    private let part: @Sendable (Range<Int>) -> [UInt8]

    init(header: [UInt8], ranges: [Range<Int>], part: @escaping @Sendable (Range<Int>) -> [UInt8]) {
        self.header = header
        self.ranges = ranges
        self.part = part
    }

    /// The bytes of part `number` (1 to ``count``), encoded now.
    public func bytes(ofPart number: Int) -> [UInt8] { part(ranges[number - 1]) }

    /// Every part, the header first.
    public var all: [[UInt8]] { [header] + (0..<count).map { bytes(ofPart: $0 + 1) } }
}

extension MergedPostings {
    private static let magic = Array("LPM2".utf8)
    private static let partMagic = Array("LPP1".utf8)
    /// The size a part is cut at, in bytes of terms and postings.
    static let partBytes = 4 << 20

    /// Part 0 of the byte form.
    struct Header {
        var documentCount: Int, chunkSize: Int, chunkNames: [ContentDigest], termCount: Int, partCount: Int

        init(documentCount: Int, chunkSize: Int, chunkNames: [ContentDigest], termCount: Int, partCount: Int) {
            (self.documentCount, self.chunkSize, self.chunkNames, self.termCount, self.partCount) =
                (documentCount, chunkSize, chunkNames, termCount, partCount)
        }

        func encoded() -> [UInt8] {
            var writer = ChunkWriter(magic: MergedPostings.magic, capacity: chunkNames.count * 32 + 64)
            writer.number(documentCount)
            writer.number(chunkSize)
            writer.number(chunkNames.count)
            for name in chunkNames { writer.raw(name.bytes) }
            writer.number(termCount)
            writer.number(partCount)
            return writer.bytes
        }

        init?(decoding bytes: [UInt8]) {
            let decoded: Header? = bytes.withUnsafeBufferPointer { buffer in
                var reader = ChunkReader(buffer)
                guard reader.expect(MergedPostings.magic), let documentCount = reader.number(), let chunkSize = reader.number(),
                      let chunkCount = reader.number(), chunkCount <= reader.remaining / 32 else { return nil }
                var names: [ContentDigest] = []
                names.reserveCapacity(chunkCount)
                for _ in 0..<chunkCount {
                    guard let raw = reader.take(32), let name = ContentDigest(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: raw)))
                    else { return nil }
                    names.append(name)
                }
                guard let termCount = reader.number(), let partCount = reader.number(), reader.isAtEnd,
                      partCount <= termCount, (termCount == 0) == (partCount == 0) else { return nil }
                return Header(documentCount: documentCount, chunkSize: chunkSize, chunkNames: names, termCount: termCount, partCount: partCount)
            }
            guard let decoded else { return nil }
            self = decoded
        }
    }

    /// This table's parts, the header first, cut at `partBytes`.
    func encodedParts(partBytes: Int = partBytes) -> [[UInt8]] {
        let terms = self.terms, lists = self.lists
        let sizes = lists.map { $0.bytes.count + 16 }
        let ranges = Self.ranges(sizes: sizes, partBytes: partBytes)
        let header = Header(documentCount: documentCount, chunkSize: chunkSize, chunkNames: chunkNames, termCount: terms.count,
                            partCount: ranges.count)
        return MergedPostingParts(header: header.encoded(), ranges: ranges) { range in
            Self.part(termCount: range.count, capacity: range.reduce(0) { $0 + sizes[$1] }) { writer in
                for index in range {
                    writer.text(terms[index])
                    writer.number(lists[index].bytes.count)
                    writer.raw(lists[index].bytes)
                    writer.number(lists[index].lastDocument)
                }
            }
        }.all
    }

    /// The parts of the table the term shards hold (their postings are the lists' bytes as text), with
    /// each term's last document: the table ``encodedParts(partBytes:)`` gives for the table they were
    /// cut from, cut between shards. A part is encoded only when asked for.
    static func parts(documentCount: Int, chunkSize: Int, chunkNames: [ContentDigest], termShards: [SearchIndexSchema.TermShard],
                      lastDocuments: [Int], partBytes: Int = partBytes) -> MergedPostingParts {
        // Each shard's first term's number in the whole table, and its size.
        var firstTerms: [Int] = [], shardSizes: [Int] = []
        firstTerms.reserveCapacity(termShards.count)
        shardSizes.reserveCapacity(termShards.count)
        var termCount = 0
        for shard in termShards {
            firstTerms.append(termCount)
            termCount += shard.terms.count
            shardSizes.append(shard.postings.reduce(0) { $0 + $1.utf8.count + 16 })
        }
        let ranges = termCount == 0 ? [] : ranges(sizes: shardSizes, partBytes: partBytes)
        let sizes = shardSizes, firsts = firstTerms
        let header = Header(documentCount: documentCount, chunkSize: chunkSize, chunkNames: chunkNames, termCount: termCount,
                            partCount: ranges.count)
        return MergedPostingParts(header: header.encoded(), ranges: ranges) { shards in
            part(termCount: shards.reduce(0) { $0 + termShards[$1].terms.count }, capacity: shards.reduce(0) { $0 + sizes[$1] }) { writer in
                for shard in shards {
                    for (index, term) in termShards[shard].terms.enumerated() {
                        writer.text(term)
                        var postings = termShards[shard].postings[index]
                        postings.withUTF8 { bytes in
                            writer.number(bytes.count)
                            writer.raw(bytes)
                        }
                        writer.number(lastDocuments[firsts[shard] + index])
                    }
                }
            }
        }
    }

    /// Consecutive ranges of items (terms or shards), each ending once its `sizes` reach `partBytes`.
    private static func ranges(sizes: [Int], partBytes: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], start = 0, bytes = 0
        for (index, size) in sizes.enumerated() {
            bytes += size
            if bytes >= partBytes {
                ranges.append(start..<(index + 1))
                start = index + 1
                bytes = 0
            }
        }
        if start < sizes.count { ranges.append(start..<sizes.count) }
        return ranges
    }

    private static func part(termCount: Int, capacity: Int, _ records: (inout ChunkWriter) -> Void) -> [UInt8] {
        var writer = ChunkWriter(magic: partMagic, capacity: capacity + 16)
        writer.number(termCount)
        records(&writer)
        return writer.bytes
    }

    /// The table `parts` (the header first) hold; `nil` when a part is missing or extra, a length, count
    /// or text is malformed, or the terms are not in order. (The posting bytes are not checked one by
    /// one: the store only returns bytes it was given, and the build checks them against the hash it
    /// recorded.)
    init?(decoding parts: [[UInt8]]) {
        guard let first = parts.first, let header = Header(decoding: first), parts.count == header.partCount + 1,
              header.termCount <= parts.dropFirst().reduce(0, { $0 + $1.count }) else { return nil }
        var table = MergedPostings()
        table.documentCount = header.documentCount
        table.chunkSize = header.chunkSize
        table.chunkNames = header.chunkNames
        table.terms.reserveCapacity(header.termCount)
        table.lists.reserveCapacity(header.termCount)
        for part in parts.dropFirst() {
            let decoded: Bool = part.withUnsafeBufferPointer { buffer in
                var reader = ChunkReader(buffer)
                guard reader.expect(Self.partMagic), let termCount = reader.number(), termCount > 0, termCount <= reader.remaining
                else { return false }
                for _ in 0..<termCount {
                    guard let term = reader.text(), let length = reader.number(), length > 0, let listBytes = reader.take(length),
                          let lastDocument = reader.number(),
                          table.terms.last.map({ SearchText.precedes($0, term) }) ?? true
                    else { return false }
                    table.terms.append(term)
                    table.lists.append(PostingList(bytes: Array(listBytes), lastDocument: lastDocument))
                }
                return reader.isAtEnd
            }
            guard decoded else { return nil }
        }
        guard table.terms.count == header.termCount else { return nil }
        self = table
    }
}
