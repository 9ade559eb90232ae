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

    /// Creates a builder; the defaults keep a query's downloads small at 20,000 cards (see `docs/search.md`).
    public init(documentsPerShard: Int = 8, termShardBytes: Int = 16_384) {
        self.documentsPerShard = max(1, documentsPerShard)
        self.termShardBytes = max(256, termShardBytes)
    }

    /// Builds the index of `documents` (numbered in the order given).
    public func build(_ documents: [SearchDocument]) -> SearchIndexBundle {
        // Documents are tokenised in parallel chunks, each into its own table; the tables are then
        // merged in chunk order, so every posting list stays in document order.
        let maximumSection = (1 << 18) - 1
        let chunkSize = 128
        let chunkCount = (documents.count + chunkSize - 1) / chunkSize
        let partials = Mutex<[[String: [Int]]]>(Array(repeating: [:], count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var local: [String: [Int]] = [:]
            var stems: [String: String?] = [:]  // each distinct word is stemmed once per chunk
            func post(_ text: String, document: Int, section: Int, field: PostingCode.Field) {
                let packed = document << 20 | section << 2 | field.rawValue
                for term in SearchText.terms(in: text) {
                    local[term, default: []].appendUnlessLast(packed)
                    let stem: String?
                    if let known = stems[term] { stem = known } else { stem = SearchText.stemKey(term); stems[term] = stem }
                    if let stem { local[stem, default: []].appendUnlessLast(packed) }
                }
            }
            for number in (chunk * chunkSize)..<min(documents.count, (chunk + 1) * chunkSize) {
                let document = documents[number]
                post(document.title, document: number, section: 0, field: .title)
                post(document.path.joined(separator: " "), document: number, section: 0, field: .path)
                for (index, section) in document.sections.prefix(maximumSection).enumerated() {
                    post(section.header, document: number, section: index + 1, field: .header)
                    post(section.text, document: number, section: index + 1, field: .body)
                }
            }
            partials.withLock { $0[chunk] = local }
        }
        var postings: [String: [Int]] = [:]
        var tables = partials.withLock { tables in
            defer { tables = [] }
            return tables
        }
        for chunk in tables.indices {
            for (term, list) in tables[chunk] { postings[term, default: []].append(contentsOf: list) }
            tables[chunk] = [:]  // merged: its memory goes back now, not at the end of the build
        }
        let sectionCount = documents.reduce(0) { $0 + $1.sections.count }
        let terms = postings.keys.sorted(by: SearchText.precedes)
        var termShards: [SearchIndexSchema.TermShard] = []
        var current = SearchIndexSchema.TermShard(terms: [], postings: [])
        var currentBytes = 0
        for term in terms {
            let list = postings[term] ?? []
            let isStrictlyIncreasing = zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
            let packed = isStrictlyIncreasing ? list : Array(Set(list)).sorted()
            var values: [Int] = []
            values.reserveCapacity(packed.count * 2)
            var previous = 0
            for entry in packed {
                let document = entry >> 20
                values.append(document - previous)
                values.append(entry & ((1 << 20) - 1))
                previous = document
            }
            let encoded = PostingCode.encode(values)
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
            documentCount: documents.count, sectionCount: sectionCount, termCount: terms.count,
            documentsPerShard: documentsPerShard, documentShardCount: documentShards.count,
            termShards: termShards.map { $0.terms.first ?? "" })
        return SearchIndexBundle(manifest: manifest, termShards: termShards, documentShards: documentShards)
    }
}

extension Array where Element == Int {
    /// Appends `value` unless it is already the last element (a term repeated in one field).
    @inline(__always) mutating func appendUnlessLast(_ value: Int) {
        if last != value { append(value) }
    }
}
