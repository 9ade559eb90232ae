import Diagnostics

/// Where tokenised chunks outlive the process: a one-card edit then tokenises only the chunk that
/// holds the card, instead of every document (`loupe build` keeps them in the site's `.loupe/search/`).
///
/// The builder gives each chunk's **key**: every text its postings are made from, with the chunk's
/// first document number, so equal keys always mean equal postings. The store decides how to name
/// and keep the bytes; it must return exactly what it was given for that key, or `nil`.
public protocol PostingChunkStore: Sendable {
    /// The bytes an earlier build kept for `key`, now kept for the next build too; or `nil`.
    func chunk(forKey key: [UInt8]) -> [UInt8]?
    /// Keeps an earlier build's bytes for `key` for the next build without reading them; `false`
    /// when there are none.
    func keepChunk(forKey key: [UInt8]) -> Bool
    /// ``keepChunk(forKey:)`` of a key whose SHA-256 the builder already took, `name`: a store that names
    /// its bytes by it need not hash the key again. (A requirement, so a store reached through
    /// `any PostingChunkStore` is asked, not the default.)
    func keepChunk(forKey key: [UInt8], named name: ContentDigest) -> Bool
    /// Keeps new `bytes` for `key` for the next build.
    func store(_ bytes: [UInt8], forKey key: [UInt8])
    /// The bytes an earlier build kept for the key whose SHA-256 is `name`, not kept for the next build:
    /// a chunk that changed, whose postings are taken out of the kept merged table. `nil` when none.
    func previousChunk(named name: ContentDigest) -> [UInt8]?
    /// The merged table an earlier build kept, not kept for the next build; or `nil`.
    func previousMerged() -> KeptMergedPostings?
    /// Keeps this build's merged table, in `parts`, for the next build; a store may encode and write
    /// them on another thread while the build goes on (the next build needs them, this one does not),
    /// best one part at a time.
    func storeMerged(_ parts: MergedPostingParts)
}

extension PostingChunkStore {
    /// The key's own ``keepChunk(forKey:)``.
    public func keepChunk(forKey key: [UInt8], named name: ContentDigest) -> Bool { keepChunk(forKey: key) }
    /// None: every chunk's table is merged.
    public func previousChunk(named name: ContentDigest) -> [UInt8]? { nil }
    /// None: every chunk's table is merged.
    public func previousMerged() -> KeptMergedPostings? { nil }
    /// Nothing is kept.
    public func storeMerged(_ parts: MergedPostingParts) {}
}

/// The byte forms of a chunk's key and of its postings table.
///
/// Table: `LPC1`, then the term count and, per term, the term's UTF-8 bytes, the posting list's
/// ``PostingCode`` bytes and its last document, each length and number as a LEB128 integer.
/// Decoding checks every length, that terms are UTF-8 and that postings use the code's alphabet, so
/// a damaged file is refused (the chunk is tokenised again), never half-used.
enum PostingChunkCoding {
    private static let magic = Array("LPC1".utf8)

    /// Every text the postings of `documents` (the first numbered `first`) are made from (a document's
    /// section texts by their ``SearchDocument/sectionsDigest`` when it has one).
    static func key(first: Int, documents: ArraySlice<SearchDocument>) -> [UInt8] {
        var key = ChunkWriter(magic: magic)
        key.number(first)
        key.number(documents.count)
        for document in documents {
            key.text(document.title)
            key.text(joining: document.path, separator: UInt8(ascii: " "))
            if let digest = document.sectionsDigest {
                key.number(0)
                key.raw(digest.bytes)
                continue
            }
            let sections = document.sections
            key.number(1 + sections.count)
            for section in sections {
                key.text(section.header)
                key.text(section.text)
            }
        }
        return key.bytes
    }

    static func encode(_ table: [String: PostingList]) -> [UInt8] {
        var bytes = ChunkWriter(magic: magic)
        bytes.number(table.count)
        // Sorted, so the same chunk always gives the same bytes.
        for term in table.keys.sorted(by: SearchText.precedes) {
            let list = table[term]!
            bytes.text(term)
            bytes.number(list.bytes.count)
            bytes.raw(list.bytes)
            bytes.number(list.lastDocument)
        }
        return bytes.bytes
    }

    static func decode(_ bytes: [UInt8]) -> [String: PostingList]? {
        bytes.withUnsafeBufferPointer { buffer -> [String: PostingList]? in
            var reader = ChunkReader(buffer)
            guard reader.expect(magic), let count = reader.number(), count <= buffer.count else { return nil }
            var table: [String: PostingList] = [:]
            table.reserveCapacity(count)
            for _ in 0..<count {
                guard let term = reader.text(),
                      let listLength = reader.number(), listLength > 0, let listBytes = reader.take(listLength),
                      listBytes.allSatisfy({ PostingCode.digit(of: $0) != nil }),
                      let lastDocument = reader.number()
                else { return nil }
                guard table.updateValue(PostingList(bytes: Array(listBytes), lastDocument: lastDocument), forKey: term) == nil else { return nil }
            }
            return reader.isAtEnd ? table : nil
        }
    }
}
