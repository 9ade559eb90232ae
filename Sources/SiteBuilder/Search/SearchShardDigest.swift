import Dispatch
import SearchIndex

/// Digests of search index shards, so an incremental build encodes only the shards whose content
/// changed (a one-card edit touches the term shards holding its words and one document shard).
enum SearchShardDigest {
    /// The digest of every shard of `bundle`, by shard key (`terms/3`, `docs/0`), taken on every core.
    static func all(_ bundle: SearchIndexBundle) -> [String: RecordedHex] {
        let termCount = bundle.termShards.count, count = termCount + bundle.documentShards.count
        var digests = [RecordedHex](repeating: RecordedHex(high: 0, low: 0), count: count)
        digests.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = index < termCount ? termShard(bundle.termShards[index]) : documentShard(bundle.documentShards[index - termCount])
            }
        }
        var keyed: [String: RecordedHex] = [:]
        keyed.reserveCapacity(count)
        for (index, digest) in digests.enumerated() {
            keyed[index < termCount ? SearchIndexBundle.termShardKey(index) : SearchIndexBundle.documentShardKey(index - termCount)] = digest
        }
        return keyed
    }

    private static func termShard(_ shard: SearchIndexSchema.TermShard) -> RecordedHex {
        var hash = FNV1a()
        hash.add("terms-\(shard.version)|\(shard.terms.count)|")
        for (term, posting) in zip(shard.terms, shard.postings) { add(term, to: &hash); add(posting, to: &hash) }
        return hash.recorded
    }

    private static func documentShard(_ shard: SearchIndexSchema.DocumentShard) -> RecordedHex {
        var hash = FNV1a()
        hash.add("docs|")
        hash.add(shard.version)
        hash.add(shard.first)
        hash.add(shard.documents.count)
        // Each document's fields read in place: a copy of every document (a retain and a release of each
        // of its strings and arrays) was a third of digesting the shards of a one-card edit.
        let documents = shard.documents
        for index in documents.indices {
            add(documents[index].url, to: &hash)
            add(documents[index].title, to: &hash)
            add(documents[index].kind.rawValue, to: &hash)
            hash.add(documents[index].path.count)  // a number mixed in, not a text made for each document
            for part in documents[index].path { add(part, to: &hash) }
            if let digest = documents[index].sectionsDigest {
                hash.add("cells|")
                digest.bytes.withUnsafeBytes { hash.add($0) }
                continue
            }
            let sections = documents[index].sections
            hash.add("sections \(sections.count)|")
            for section in sections {
                add(section.anchor, to: &hash)
                add(section.header, to: &hash)
                add(section.text, to: &hash)
            }
        }
        return hash.recorded
    }

    private static func add(_ text: String, to hash: inout FNV1a) {
        hash.add(text.utf8.count)
        hash.add(text)
    }
}
