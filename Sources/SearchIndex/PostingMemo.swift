import Synchronization

/// Postings of document chunks tokenised by an earlier build, by the chunk's exact documents and
/// position. A long-lived caller (`loupe serve`) keeps one between builds, so after an edit only the
/// chunks holding changed documents are tokenised again. Entries not used by the latest build are
/// dropped at the next.
public final class PostingMemo: Sendable {
    struct Key: Hashable, Sendable {
        var first: Int
        var documents: [SearchDocument]
    }

    private let state = Mutex<(previous: [Key: [String: PostingList]], current: [Key: [String: PostingList]])>(([:], [:]))

    /// An empty memo.
    public init() {}

    /// Starts a build: what the last build used stays available, older entries are dropped.
    func beginBuild() {
        state.withLock { state in
            if !state.current.isEmpty { state = (state.current, [:]) }
        }
    }

    func table(for key: Key) -> [String: PostingList]? {
        state.withLock { $0.current[key] ?? $0.previous[key] }
    }

    func remember(_ key: Key, _ table: [String: PostingList]) {
        state.withLock { $0.current[key] = table }
    }
}
