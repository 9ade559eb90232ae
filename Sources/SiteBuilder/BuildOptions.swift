import Diagnostics
import Deck
import Foundation
import Templating

/// What `loupe build` and `loupe check` read and where `build` writes.
public struct BuildOptions: Sendable {
    /// The content folder.
    public var content: URL
    /// The templates folder. With ``defaultTemplates`` it overrides them file by file and may be absent.
    public var templates: URL
    /// Built-in templates and assets (the `loupe` binary passes its embedded copy); empty: `templates` holds them all.
    public var defaultTemplates = TemplateFiles()
    /// The output folder.
    public var output: URL
    /// An encoding to force for deck files.
    public var deckEncoding: DeckEncoding?
    /// Whether session documents are written.
    public var includeSessions: Bool
    /// Paper of the session PDFs (`a4`, `letter`), overriding `paper` in `loupe.yml`.
    public var sessionPaper: String?
    /// Rebuild even when the inputs are unchanged since the last build.
    public var force = false
    /// Where processed images are cached between builds (`nil`: `.loupe-cache/` beside the content folder).
    public var imageCache: URL?
    /// Work kept from earlier builds in this process (`loupe serve`), or `nil`.
    public var memory: BuildMemory?
    /// Whether the process exits right after this build (`loupe build`): an update of a small site then
    /// leaves its large values (the content model, the plan, the search index, the file records) for the
    /// kernel to take back instead of freeing them one by one. A process that builds again (`loupe
    /// serve`, tests) frees them.
    public var processExitsAfterBuild = false
    /// Whether this build leaves its large values for the process's exit: set by the build when the
    /// process exits after it and the site is small (``RecordedBuild/isSmallSiteUpdate``).
    var leavesModelToExit = false
    /// A deck export of this size or more is never read for the input fingerprint, even just after a save:
    /// its reader checks it block by block against its row snapshot (``BuildFingerprint``).
    var selfCheckedExportBytes = 4 << 20
    /// Called with progress messages (only set when stderr is a terminal).
    public var progress: (@Sendable (String) -> Void)?

    /// Creates options.
    public init(content: URL, templates: URL, output: URL, deckEncoding: DeckEncoding? = nil,
                includeSessions: Bool = true, progress: (@Sendable (String) -> Void)? = nil) {
        self.content = content
        self.templates = templates
        self.output = output
        self.deckEncoding = deckEncoding
        self.includeSessions = includeSessions
        self.progress = progress
    }

    /// A path inside the content folder as shown in diagnostics (`content/deck/x.tsv`).
    func display(_ relative: String) -> String {
        let base = content.relativePath.hasSuffix("/") ? String(content.relativePath.dropLast()) : content.relativePath
        return relative.isEmpty ? base : base + "/" + relative
    }

    /// The reader of the content folder's deck, with the `--deck-encoding` given.
    var deckReader: DeckReader {
        DeckReader(deckDirectory: content.appendingPathComponent("deck"), displayDirectory: display("deck"), forcedEncoding: deckEncoding)
    }
}

/// The outcome of a build or check.
public struct BuildReport: Sendable {
    /// Every diagnostic, in the order found.
    public var diagnostics: [Diagnostic]
    /// The number of HTML pages rendered.
    public var pageCount: Int
    /// The number of files in the site (0 for `check`).
    public var fileCount: Int
    /// The number of files written or deleted (all of them for a full build).
    public var changedFileCount = 0
    /// Seconds spent in each phase, in order, and the process's peak memory (bytes) at its end.
    public var timings: [(phase: String, seconds: Double, peakBytes: Int)] = []
    /// Whether the previous site was kept because no input changed.
    public var isUpToDate = false
    /// Whether the site was produced (no errors).
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    /// Errors that left one input out (a session file that cannot be read) but did not stop the site.
    public var containedErrors: Set<Diagnostic> = []
    /// Whether the site is published: no errors but contained ones. The exit status is still 1 when
    /// `succeeded` is false, so scripts notice the file that was left out.
    public var isPublishable: Bool { !diagnostics.contains { $0.severity == .error && !containedErrors.contains($0) } }
}

extension BuildOptions {
    /// The build's caches (processed images, the PDF engine's identity): `imageCache`, else
    /// `.loupe-cache/` beside the content folder (outside the site).
    var cacheFolder: URL {
        imageCache ?? content.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(".loupe-cache", isDirectory: true)
    }
}
