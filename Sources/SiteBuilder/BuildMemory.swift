import Deck
import SearchIndex

/// Work a long-lived caller (`loupe serve`) keeps between builds of the same site: the deck's parsed
/// sections and the search index's tokenised chunks, each by its exact inputs, so an edit redoes only
/// what it touched. Reuse is exact: a build with a memory writes the same bytes as one without. It
/// holds about one deck's text and postings; a single `loupe build` has none.
public final class BuildMemory: Sendable {
    let sections = SectionMemo()
    let postings = PostingMemo()

    /// An empty memory.
    public init() {}
}
