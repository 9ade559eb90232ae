import Breeds
import Deck
import Diagnostics
import Foundation
import MarkdownHTML
import Sessions

/// Everything read from the content folder.
struct SiteContent: Sendable {
    var settings: SiteSettings
    var deck: Deck
    /// The About page as HTML (raw HTML in `about.md` is not allowed).
    var aboutHTML: String
    /// Card ids with a note.
    var notedCards: Set<String> = []
    /// Notes, progress and the review log (Sources/SiteBuilder/Study).
    var study: StudyContent = .init()
    /// Breed reference data from `content/breeds/`, if any.
    var breeds: BreedCatalog?
    /// The chart set configured in `loupe.yml`.
    var charts: [SiteChart] = []
    /// Session files (empty with `--no-sessions`), read in the time zone ``sessionTimeZone``.
    var sessions = SessionCatalog()
    var sessionTimeZone = TimeZone.current
    /// What reading the session files reported; its errors do not stop the rest of the site.
    var sessionDiagnostics: [Diagnostic] = []

    /// Reads the content folder; `sections` keeps the deck's parsed sections between builds.
    /// `chartsKnown` is called with the chart set as soon as it is known, before the deck is read (a
    /// build renders the charts meanwhile: they depend on `loupe.yml` alone).
    static func load(_ options: BuildOptions, sections: (any SectionChunkStore)? = nil, log: inout DiagnosticLog,
                     chartsKnown: ([SiteChart]) -> Void = { _ in }) -> SiteContent? {
        let folder = ContentFolder(root: options.content)
        guard folder.isDirectory(options.content) else {
            log.error("content folder not found; pass --content with the folder holding deck/, about.md and loupe.yml",
                      at: SourceLocation(path: options.content.relativePath))
            return nil
        }
        let settings = SiteSettings.load(from: options.content.appendingPathComponent("loupe.yml"),
                                         displayPath: options.display("loupe.yml"), log: &log)
        // The charts' problems are reported where they always were, after the deck's.
        var chartLog = DiagnosticLog()
        let charts = SiteChart.set(for: settings, display: options.display("loupe.yml"), log: &chartLog)
        chartsKnown(charts)
        var reader = options.deckReader
        reader.memo = options.memory?.sections
        reader.chunks = sections
        let deck = reader.read(log: &log)
        var aboutHTML = ""
        let aboutFile = options.content.appendingPathComponent("about.md")
        if let data = folder.read(aboutFile, display: options.display("about.md"), log: &log) {
            if let text = String(data: data, encoding: .utf8) {
                aboutHTML = MarkdownRenderer.html(from: text, allowRawHTML: false, smartPunctuation: true)
            } else {
                log.error("about.md is not UTF-8 text; save it as UTF-8", at: SourceLocation(path: options.display("about.md")))
            }
        }
        var breeds: BreedCatalog?
        let breedFolder = options.content.appendingPathComponent("breeds")
        if folder.isDirectory(breedFolder) {
            let catalog = BreedCatalog.load(from: breedFolder, displayPath: options.display("breeds"), log: &log)
            if !catalog.breeds.isEmpty { breeds = catalog }
        }
        log.merge(chartLog)
        guard let deck else { return nil }
        return SiteContent(settings: settings, deck: deck, aboutHTML: aboutHTML, breeds: breeds, charts: charts).withStudy(options, log: &log).withSessions(options)
    }
}
