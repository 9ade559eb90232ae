import Diagnostics
import Foundation
import Synchronization

/// Builds the sharded, section-level inverted index from documents.
///
/// Every term of a document's title and path is posted on section 0 of the document; every term of
/// a section's header and body on that section. The sorted term table is cut into shards of about
/// ``termShardBytes``; documents (with their section text, for snippets) into shards of
/// ``documentsPerShard``. The same input always gives byte-identical files.
public struct SearchIndexBuilder: Sendable {
    /// Documents per document shard.
    public var documentsPerShard: Int
    /// The approximate size a term shard is cut at, in bytes of terms and postings.
    public var termShardBytes: Int
    /// Chunks tokenised by an earlier build in this process (`loupe serve`), or `nil`.
    public var memo: PostingMemo?
    /// Chunks tokenised by an earlier build, kept on disk (`loupe build`), or `nil`.
    public var store: (any PostingChunkStore)?
    /// The size the merged table a store keeps is cut into parts at (``MergedPostingParts``).
    var mergedPartBytes = MergedPostings.partBytes

    /// Creates a builder; the defaults keep a query's downloads small at 20,000 cards (see `docs/search.md`).
    public init(documentsPerShard: Int = 8, termShardBytes: Int = 16_384) {
        self.documentsPerShard = max(1, documentsPerShard)
        self.termShardBytes = max(256, termShardBytes)
    }

    /// Documents per tokenised chunk.
    static let chunkSize = 128

    /// Builds the index of `documents` (numbered in the order given).
    public func build(_ documents: [SearchDocument]) -> SearchIndexBundle {
        let chunkCount = (documents.count + Self.chunkSize - 1) / Self.chunkSize
        memo?.beginBuild()
        // With a store, each chunk is known by its key's name: the kept merged table says which chunks
        // it was made from, so an edit's build replaces only the postings of the chunks that changed.
        let keys = store == nil ? nil : Array(0..<chunkCount).concurrentMap(part: 8) { chunk in
            PostingChunkCoding.key(first: chunk * Self.chunkSize, documents: documents[Self.range(of: chunk, in: documents)])
        }
        let names = keys?.concurrentMap(part: 8) { ContentHash.digest($0) }
        let merged = keys.flatMap { keys in replacingChangedChunks(of: documents, keys: keys, names: names ?? []) }
            ?? mergingEveryChunk(of: documents, keys: keys)
        let (bundle, lastDocuments) = Self.bundle(of: documents, merged: merged, documentsPerShard: documentsPerShard,
                                                  termShardBytes: termShardBytes)
        // The merged table is kept from the term shards, which hold every term and its postings: the
        // lists themselves are freed as the shards are cut, and its parts are written meanwhile.
        let documentCount = documents.count, termShards = bundle.termShards
        store?.storeMerged(MergedPostings.parts(documentCount: documentCount, chunkSize: Self.chunkSize, chunkNames: names ?? [],
                                                termShards: termShards, lastDocuments: lastDocuments, partBytes: mergedPartBytes))
        return bundle
    }

    /// The documents of chunk `chunk`.
    private static func range(of chunk: Int, in documents: [SearchDocument]) -> Range<Int> {
        (chunk * chunkSize)..<min(documents.count, (chunk + 1) * chunkSize)
    }

    /// Every chunk's postings merged: documents are tokenised in parallel chunks (or their tables taken
    /// from the memo or the store), each into its own table; the tables are merged in chunk order a
    /// window at a time, so every posting list stays in document order and only a window's tables are
    /// held besides the merged one.
    private func mergingEveryChunk(of documents: [SearchDocument], keys: [[UInt8]]?) -> MergedPostings {
        let chunkCount = (documents.count + Self.chunkSize - 1) / Self.chunkSize
        let window = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        var postings: [String: PostingList] = [:]
        for windowStart in stride(from: 0, to: chunkCount, by: window) {
            let chunks = windowStart..<min(chunkCount, windowStart + window)
            let partials = Mutex<[[String: PostingList]]>(Array(repeating: [:], count: chunks.count))
            DispatchQueue.concurrentPerform(iterations: chunks.count) { offset in
                let table = self.table(ofChunk: chunks.lowerBound + offset, of: documents, key: keys?[chunks.lowerBound + offset])
                partials.withLock { $0[offset] = table }
            }
            var tables = partials.withLock { tables in
                defer { tables = [] }
                return tables
            }
            for index in tables.indices {
                for (term, list) in tables[index] { postings[term, default: PostingList()].append(list) }
                tables[index] = [:]  // merged: its memory goes back now
            }
        }
        return MergedPostings(postings)
    }

    /// The kept merged table with the postings of the chunks whose names changed replaced; `nil` when
    /// there is none for these documents, too many chunks changed, or a changed chunk's earlier table
    /// is gone (then every chunk is merged).
    private func replacingChangedChunks(of documents: [SearchDocument], keys: [[UInt8]], names: [ContentDigest]) -> MergedPostings? {
        guard let store, var merged = store.previousMerged()?.table,
              merged.documentCount == documents.count, merged.chunkSize == Self.chunkSize, merged.chunkNames.count == names.count
        else { return nil }
        let changed = names.indices.filter { names[$0] != merged.chunkNames[$0] }
        guard changed.count <= max(1, names.count / 8) else { return nil }
        var earlier: [[String: PostingList]] = []
        for chunk in changed {
            guard let table = store.previousChunk(named: merged.chunkNames[chunk]).flatMap(PostingChunkCoding.decode) else { return nil }
            earlier.append(table)
        }
        let now = changed.concurrentMap(part: 1) { chunk in table(ofChunk: chunk, of: documents, key: keys[chunk]) }
        for (index, chunk) in changed.enumerated() {
            merged.replacingChunk(Self.range(of: chunk, in: documents), old: earlier[index], new: now[index])
        }
        // The chunks that stayed are kept for the next build without being read.
        for chunk in names.indices where !changed.contains(chunk) && !store.keepChunk(forKey: keys[chunk], named: names[chunk]) {
            store.store(PostingChunkCoding.encode(Self.table(of: documents, Self.range(of: chunk, in: documents))), forKey: keys[chunk])
        }
        return merged
    }

    /// The postings of chunk `chunk`: from the memo, the store (by `key`) or tokenised.
    private func table(ofChunk chunk: Int, of documents: [SearchDocument], key: [UInt8]?) -> [String: PostingList] {
        let range = Self.range(of: chunk, in: documents)
        guard let memo else { return Self.table(of: documents, range, store: store, key: key) }
        let memoKey = PostingMemo.Key(first: range.lowerBound, documents: documents[range])
        let table: [String: PostingList]
        if let remembered = memo.table(for: memoKey) {
            table = remembered
            if let store, let key, !store.keepChunk(forKey: key) { store.store(PostingChunkCoding.encode(table), forKey: key) }
        } else {
            table = Self.table(of: documents, range, store: store, key: key)
        }
        memo.remember(memoKey, table)
        return table
    }

    /// The index files of `documents` and their `merged` postings: the sorted term table cut into
    /// shards of about `termShardBytes`, the documents into shards of `documentsPerShard`; with each
    /// term's last document, in order. Each list is freed once its text is made.
    private static func bundle(of documents: [SearchDocument], merged: consuming MergedPostings, documentsPerShard: Int,
                               termShardBytes: Int) -> (SearchIndexBundle, lastDocuments: [Int]) {
        let sectionCount = documents.reduce(0) { $0 + $1.sectionCount }
        var termShards: [SearchIndexSchema.TermShard] = []
        var current = SearchIndexSchema.TermShard(terms: [], postings: [])
        var currentBytes = 0
        let termCount = merged.terms.count
        var lastDocuments: [Int] = []
        lastDocuments.reserveCapacity(termCount)
        // Each list's text is made on every core a window of terms at a time (at the end of an edit build
        // the index is the last to finish, and this was its longest step on one core); a window's lists
        // are freed once their texts are cut into shards, so no more than a window is held twice.
        var texts: [String] = []
        for index in 0..<termCount {
            let window = index % Self.textWindow
            if window == 0 {
                let lists = merged.lists, start = index
                texts = Array(start..<min(termCount, start + Self.textWindow)).concurrentMap(part: 256) { lists[$0].text }
            }
            let (term, list) = merged.take(index)
            let encoded = texts[window]
            texts[window] = ""
            lastDocuments.append(list.lastDocument)
            if currentBytes > 0 && currentBytes + encoded.utf8.count > termShardBytes {
                termShards.append(current)
                current = SearchIndexSchema.TermShard(terms: [], postings: [])
                currentBytes = 0
            }
            current.terms.append(term)
            current.postings.append(encoded)
            currentBytes += term.utf8.count + encoded.utf8.count + 6
        }
        if !current.terms.isEmpty || termShards.isEmpty { termShards.append(current) }
        let documentShards = stride(from: 0, to: documents.count, by: documentsPerShard).map { first in
            SearchIndexSchema.DocumentShard(first: first, documents: Array(documents[first..<min(first + documentsPerShard, documents.count)]))
        }
        let manifest = SearchIndexSchema.Manifest(
            documentCount: documents.count, sectionCount: sectionCount, termCount: termCount,
            documentsPerShard: documentsPerShard, documentShardCount: documentShards.count,
            termShards: termShards.map { $0.terms.first ?? "" })
        return (SearchIndexBundle(manifest: manifest, termShards: termShards, documentShards: documentShards), lastDocuments)
    }

    /// How many terms' texts ``bundle(of:merged:documentsPerShard:termShardBytes:)`` makes at a time.
    static let textWindow = 2048

    /// The postings of `documents[range]` as `store` kept them under `key`, or tokenised (and then kept).
    private static func table(of documents: [SearchDocument], _ range: Range<Int>, store: (any PostingChunkStore)?,
                              key: [UInt8]?) -> [String: PostingList] {
        guard let store, let key else { return table(of: documents, range) }
        if let bytes = store.chunk(forKey: key), let table = PostingChunkCoding.decode(bytes) { return table }
        let table = table(of: documents, range)
        store.store(PostingChunkCoding.encode(table), forKey: key)
        return table
    }

    /// The postings of `documents[range]`: every term of a document's title and path on section 0,
    /// of each section's header and body on that section.
    private static func table(of documents: [SearchDocument], _ range: Range<Int>) -> [String: PostingList] {
        let maximumSection = (1 << 18) - 1
        var chunk = ChunkPostings()
        for number in range {
            let document = documents[number]
            chunk.post(document.title, section: 0, field: .title)
            chunk.post(document.path.joined(separator: " "), section: 0, field: .path)
            for (index, section) in document.sections.prefix(maximumSection).enumerated() {
                chunk.post(section.header, section: index + 1, field: .header)
                chunk.post(section.text, section: index + 1, field: .body)
            }
            chunk.endDocument(number)
        }
        return chunk.table
    }
}

/// The postings of one chunk of documents while it is tokenised. Every distinct word or stem gets a
/// number, so each word costs one hash lookup; everything else is indexed by that number.
///
/// A struct with mutating methods rather than closures over local variables: captured variables
/// are checked for exclusive access at run time on every use, which cost a sixth of the tokenising.
private struct ChunkPostings {
    private var numbers: [String: Int] = [:]
    private var terms: [String] = []
    /// The number of each word's stem, when it has one.
    private var stemNumbers: [Int?] = []
    /// Whether the term's stem has been looked up.
    private var stemmed: [Bool] = []
    private var lists: [PostingList] = []
    /// The current document's codes by term number.
    private var codes: [[Int]] = []
    /// Term numbers with codes in the current document.
    private var touched: [Int] = []
    /// The number of a recently seen word by a hash of its bytes (a direct-mapped cache): most words
    /// repeat, and finding one here costs neither a string nor a dictionary lookup.
    private var recent = [Int](repeating: -1, count: Self.recentSlots)
    private static let recentSlots = 4096

    private mutating func number(of term: String) -> Int {
        if let known = numbers[term] { return known }
        let new = terms.count
        numbers[term] = new
        terms.append(term)
        stemNumbers.append(nil)
        stemmed.append(false)
        lists.append(PostingList())
        codes.append([])
        return new
    }

    private mutating func add(_ code: Int, to term: Int) {
        if codes[term].isEmpty { touched.append(term) }
        codes[term].appendUnlessLast(code)
    }

    /// Posts the word whose UTF-8 bytes are `bytes` on `code`.
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, code: Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let slot = Int(truncatingIfNeeded: (hash ^ hash >> 29) & UInt64(Self.recentSlots - 1))
        let cached = recent[slot]
        let word: Int
        if cached >= 0, Self.spells(terms[cached], bytes) {
            word = cached
        } else {
            word = number(of: String(decoding: bytes, as: UTF8.self))
            recent[slot] = word
        }
        add(word: word, code: code)
    }

    /// Whether `term`'s UTF-8 bytes are `bytes`.
    private static func spells(_ term: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard term.utf8.count == bytes.count else { return false }
        return term.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
            ?? term.utf8.elementsEqual(bytes)
    }

    /// Posts word number `word` on `code`, and its stem (looked up the first time the word comes).
    private mutating func add(word: Int, code: Int) {
        if !stemmed[word] {
            stemmed[word] = true
            if let stem = SearchText.stemKey(terms[word]) { stemNumbers[word] = number(of: stem) }
        }
        add(code, to: word)
        if let stem = stemNumbers[word] { add(code, to: stem) }
    }

    /// Posts every term of `text` on `section`'s `field` in the current document.
    mutating func post(_ text: String, section: Int, field: PostingCode.Field) {
        let code = section << 2 | field.rawValue
        SearchText.forEachTermBytes(in: text) { bytes in add(bytes, code: code) }
    }

    /// Appends the current document's postings, as document `number`, to each term's list.
    mutating func endDocument(_ number: Int) {
        for term in touched {
            let list = codes[term]
            let isStrictlyIncreasing = zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
            lists[term].append(document: number, codes: isStrictlyIncreasing ? list : list.sortedUnique())
            codes[term].removeAll(keepingCapacity: true)
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Every term with postings.
    var table: [String: PostingList] {
        var table: [String: PostingList] = [:]
        table.reserveCapacity(terms.count)
        for (term, list) in zip(terms, lists) where !list.bytes.isEmpty { table[term] = list }
        return table
    }
}

extension Array where Element == Int {
    /// The distinct elements in increasing order: sorted in place and adjacent repeats dropped (a
    /// term's few codes in one document; a `Set` hashed each of them, a fifth of ending a document).
    func sortedUnique() -> [Int] {
        var sorted = self.sorted()
        var kept = 0
        for index in sorted.indices where kept == 0 || sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }

    /// Appends `value` unless it is already the last element (a term repeated in one field).
    @inline(__always) mutating func appendUnlessLast(_ value: Int) {
        if last != value { append(value) }
    }
}
