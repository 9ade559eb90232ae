/// The files of a search index, as Codable values. `docs/search.md` and
/// `docs/schemas/search-index.schema.json` describe them; bump ``version`` on any incompatible change.
public enum SearchIndexSchema {
    /// The schema version written in every file.
    public static let version = 1

    /// `search/index.json`: what the client loads on every page, small and independent of deck size
    /// except for one string per term shard.
    public struct Manifest: Sendable, Equatable, Codable {
        /// Always ``SearchIndexSchema/version``.
        public var version: Int
        /// How postings are written (`"base64-vlq"`).
        public var encoding: String
        /// The number of documents.
        public var documentCount: Int
        /// The number of sections over all documents.
        public var sectionCount: Int
        /// The number of distinct terms.
        public var termCount: Int
        /// Documents per document shard: document `d` is in `docs/⌊d ÷ documentsPerShard⌋`.
        public var documentsPerShard: Int
        /// The number of document shards.
        public var documentShardCount: Int
        /// The first term of each term shard, in order; shard `i` holds the terms from
        /// `termShards[i]` up to (not including) `termShards[i + 1]`.
        public var termShards: [String]

        /// Creates a manifest.
        public init(version: Int = SearchIndexSchema.version, encoding: String = "base64-vlq", documentCount: Int,
                    sectionCount: Int, termCount: Int, documentsPerShard: Int, documentShardCount: Int, termShards: [String]) {
            self.version = version
            self.encoding = encoding
            self.documentCount = documentCount
            self.sectionCount = sectionCount
            self.termCount = termCount
            self.documentsPerShard = documentsPerShard
            self.documentShardCount = documentShardCount
            self.termShards = termShards
        }
    }

    /// `search/terms/<n>.json`: a slice of the sorted term table with each term's postings.
    public struct TermShard: Sendable, Equatable, Codable {
        /// Always ``SearchIndexSchema/version``.
        public var version: Int
        /// Normalised terms, sorted by UTF-16 code units.
        public var terms: [String]
        /// One ``PostingCode`` string per term, parallel to ``terms``.
        public var postings: [String]

        /// Creates a term shard.
        public init(version: Int = SearchIndexSchema.version, terms: [String], postings: [String]) {
            self.version = version
            self.terms = terms
            self.postings = postings
        }
    }

    /// `search/docs/<n>.json`: the documents a result list shows (titles, paths, section text for snippets).
    public struct DocumentShard: Sendable, Equatable, Codable {
        /// Always ``SearchIndexSchema/version``.
        public var version: Int
        /// The number of the shard's first document.
        public var first: Int
        /// The documents, numbered `first`, `first + 1`, ….
        public var documents: [SearchDocument]

        /// Creates a document shard.
        public init(version: Int = SearchIndexSchema.version, first: Int, documents: [SearchDocument]) {
            self.version = version
            self.first = first
            self.documents = documents
        }
    }
}
