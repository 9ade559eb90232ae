import Deck
import Foundation
import SearchIndex
import Synchronization
import Templating

/// Work a long-lived caller (`loupe serve`) keeps between builds of the same site: the deck's parsed
/// sections, the search index's tokenised chunks and the parsed templates, each by its exact inputs, so an edit redoes only
/// what it touched. Reuse is exact: a build with a memory writes the same bytes as one without. It
/// holds about one deck's text and postings; a single `loupe build` has none.
public final class BuildMemory: Sendable {
    let sections = SectionMemo()
    let postings = PostingMemo()
    let templates = TemplateMemo()

    /// An empty memory.
    public init() {}
}

/// The latest build's template library, used again while the template files are byte for byte the
/// same: a rebuild then parses no template and keeps the skeletons its pages were rendered from.
final class TemplateMemo: Sendable {
    private let latest = Mutex<TemplateLibrary?>(nil)

    func library(files: TemplateFiles, directory: URL) throws(TemplateError) -> TemplateLibrary {
        if let kept = latest.withLock({ $0 }), kept.directory == directory, kept.files == files { return kept }
        let made = try TemplateLibrary(files: files, directory: directory)
        latest.withLock { $0 = made }
        return made
    }
}
