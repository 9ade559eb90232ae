import Diagnostics
import Synchronization

/// Postings of document chunks tokenised by an earlier build, by the chunk's exact documents and
/// position. A long-lived caller (`loupe serve`) keeps one between builds, so after an edit only the
/// chunks holding changed documents are tokenised again. Entries not used by the latest build are
/// dropped at the next.
public final class PostingMemo: Sendable {
    /// A chunk's position and every field of its documents, compared byte for byte.
    struct Key: Hashable, Sendable {
        var first: Int
        var documents: ExactTextKey

        init(first: Int, documents: ArraySlice<SearchDocument>) {
            self.first = first
            var texts: [String?] = []
            for document in documents {
                texts += [document.url, document.title, document.kind.rawValue, String(document.path.count)] + document.path
                if let digest = document.sectionsDigest {
                    texts += ["digest", digest.hex]  // stands for the sections (never made here)
                    continue
                }
                let sections = document.sections
                texts.append(String(sections.count))
                for section in sections { texts += [section.anchor, section.header, section.text] }
            }
            self.documents = ExactTextKey(texts)
        }
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
