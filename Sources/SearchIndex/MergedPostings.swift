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
            if let index = Self.index(of: term, in: terms) {
                lists[index] = lists[index].replacing(documents, with: new[term])
                if lists[index].bytes.isEmpty { emptied = true }
            } else if let list = new[term] {
                added.append((term, list))
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
/// bytes: a store can read and decode it on another thread before the build needs it.
public struct KeptMergedPostings: Sendable {
    let table: MergedPostings

    /// The table `bytes` hold; `nil` when they are not one (``MergedPostings/init(decoding:)``).
    public init?(_ bytes: [UInt8]) {
        guard let table = MergedPostings(decoding: bytes) else { return nil }
        self.table = table
    }
}

// MARK: - Byte form

extension MergedPostings {
    private static let magic = Array("LPM1".utf8)

    /// `LPM1`, the documents count, chunk size and chunk count, each chunk's 32-byte name, the term
    /// count, then per term its text, its list's length and ``PostingCode`` bytes and its last document.
    var encoded: [UInt8] {
        var writer = Self.header(documentCount: documentCount, chunkSize: chunkSize, chunkNames: chunkNames,
                                 capacity: lists.reduce(0) { $0 + $1.bytes.count + 16 })
        writer.number(terms.count)
        for (term, list) in zip(terms, lists) {
            writer.text(term)
            writer.number(list.bytes.count)
            writer.raw(list.bytes)
            writer.number(list.lastDocument)
        }
        return writer.bytes
    }

    /// The bytes of the table the term shards hold (their postings are the lists' bytes as text), with
    /// each term's last document: what ``encoded`` gives for the table they were cut from.
    static func encoded(documentCount: Int, chunkSize: Int, chunkNames: [ContentDigest], termShards: [SearchIndexSchema.TermShard],
                        lastDocuments: [Int]) -> [UInt8] {
        var writer = header(documentCount: documentCount, chunkSize: chunkSize, chunkNames: chunkNames,
                            capacity: termShards.reduce(0) { $0 + $1.postings.reduce(0) { $0 + $1.utf8.count + 16 } })
        writer.number(lastDocuments.count)
        var index = 0
        for shard in termShards {
            for (term, postings) in zip(shard.terms, shard.postings) {
                writer.text(term)
                var postings = postings
                postings.withUTF8 { bytes in
                    writer.number(bytes.count)
                    writer.raw(bytes)
                }
                writer.number(lastDocuments[index])
                index += 1
            }
        }
        return writer.bytes
    }

    private static func header(documentCount: Int, chunkSize: Int, chunkNames: [ContentDigest], capacity: Int) -> ChunkWriter {
        var writer = ChunkWriter(magic: magic, capacity: capacity + chunkNames.count * 32 + 32)
        writer.number(documentCount)
        writer.number(chunkSize)
        writer.number(chunkNames.count)
        for name in chunkNames { writer.raw(name.bytes) }
        return writer
    }

    /// The table `encoded` gave; `nil` when a length, count or text is malformed, or the terms are not
    /// in order. (The posting bytes are not checked one by one: the store only returns bytes it was
    /// given, and the build checks them against the hash it recorded.)
    init?(decoding bytes: [UInt8]) {
        let decoded: MergedPostings? = bytes.withUnsafeBufferPointer { buffer in
            var reader = ChunkReader(buffer)
            guard reader.expect(Self.magic), let documentCount = reader.number(), let chunkSize = reader.number(),
                  let chunkCount = reader.number(), chunkCount <= reader.remaining / 32 else { return nil }
            var table = MergedPostings()
            table.documentCount = documentCount
            table.chunkSize = chunkSize
            table.chunkNames.reserveCapacity(chunkCount)
            for _ in 0..<chunkCount {
                guard let raw = reader.take(32), let name = ContentDigest(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: raw)))
                else { return nil }
                table.chunkNames.append(name)
            }
            guard let termCount = reader.number(), termCount <= reader.remaining else { return nil }
            table.terms.reserveCapacity(termCount)
            table.lists.reserveCapacity(termCount)
            for _ in 0..<termCount {
                guard let term = reader.text(), let length = reader.number(), length > 0, let listBytes = reader.take(length),
                      let lastDocument = reader.number(),
                      table.terms.last.map({ SearchText.precedes($0, term) }) ?? true
                else { return nil }
                table.terms.append(term)
                table.lists.append(PostingList(bytes: Array(listBytes), lastDocument: lastDocument))
            }
            return reader.isAtEnd ? table : nil
        }
        guard let decoded else { return nil }
        self = decoded
    }
}
