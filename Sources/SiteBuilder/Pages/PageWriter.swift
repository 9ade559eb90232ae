import Breeds
import Deck
import Diagnostics
import Foundation
import ImagePipeline
import Synchronization
import Templating

/// Renders every page of the site and hands it to the output.
struct PageWriter {
    let content: SiteContent
    let templates: TemplateLibrary
    /// Every file goes through a hashing output so the service worker can list and version them and
    /// the manifest can record them.
    let output: HashingOutput
    let options: BuildOptions
    var pageCount = 0
    /// Errors that left one input out without stopping the site (unreadable session files).
    var containedErrors: Set<Diagnostic> = []
    /// Published deck images by file name (filled by `writeImages`).
    var images: [String: PublishedImage] = [:]
    /// The site an incremental build updates in place, or `nil`.
    var previousSite: URL?
    /// Where the search index's tokenised chunks and merged table are kept between builds; `nil` when
    /// nothing is written (`loupe check`).
    var searchChunks: SearchChunkFiles?
    /// The chart files being written, with their problems (``writeChartFiles(of:to:)``); `nil`: written
    /// with the Charts page.
    var chartFiles: BackgroundValue<[Diagnostic]>?

    init(content: SiteContent, templates: TemplateLibrary, output: HashingOutput, options: BuildOptions) {
        self.content = content
        self.templates = templates
        self.output = output
        self.options = options
    }

    var renderer: PageRenderer {
        let settings = content.settings
        return PageRenderer(templates: templates, site: [
            "title": settings.title, "description": settings.description, "language": settings.language,
            "deckName": settings.deckName,
            "hasSearch": "true",
            "hasBreeds": content.breeds == nil ? "false" : "true",
            "hasCharts": content.charts.isEmpty ? "false" : "true",
            "hasStudy": "true",
            "hasAnki": settings.anki ? "true" : "false",
        ])
    }

    /// How long each phase took (reported with `--verbose`).
    private(set) var timings: [(phase: String, seconds: Double, peakBytes: Int)] = []

    private mutating func timed(_ phase: String, _ body: (inout PageWriter) -> Void) {
        let clock = ContinuousClock()
        let start = clock.now
        body(&self)
        let elapsed = clock.now - start
        timings.append((phase, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, PeakMemory.bytes))
    }

    mutating func writeAll(log: inout DiagnosticLog) {
        let renderer = self.renderer
        var problems = ProblemList()
        // The search index needs only the content: it is built on its own thread from the start, while
        // the images are published and the site planned and made (a one-card edit's search index takes
        // longer than its pages).
        let searchProblems = SharedProblems()
        let searchDone = DispatchGroup()
        let searchWriter = self
        DispatchQueue.global().async(group: searchDone) {
            var local = ProblemList()
            searchWriter.writeSearchIndex(problems: &local)
            for diagnostic in local.diagnostics { searchProblems.add(diagnostic) }
        }
        var breedPictures: [String: BreedPicture] = [:]
        timed("assets and images") { writer in
            writer.writeAssets(problems: &problems)
            writer.writeImages(problems: &problems)
            breedPictures = writer.publishBreedPhotos(problems: &problems)
        }
        // Plan the site's pages and study data from the model (each card's content digested once, on
        // every core), then make what changed.
        var plan: [PlannedFile] = []
        timed("plan") { writer in
            let cardDigests = CardDigest.contents(of: writer.content.deck, images: writer.images)
            plan = DeckPlan.files(of: writer.content, images: writer.images, cardDigests: cardDigests, renderer: renderer)
            var missing: [String] = []
            plan += SitePlan.studyFiles(of: writer.content, cardDigests: cardDigests, hasTemplate: writer.templates.hasTemplate,
                                        missing: &missing)
            for template in missing {
                problems.diagnostics.append(.error("template '\(template)' is missing; restore \(template).md from Loupe's Templates/ folder",
                                                   at: SourceLocation(path: writer.options.templates.relativePath)))
            }
            if let catalog = writer.content.breeds { plan += SitePlan.breedPages(of: catalog, pictures: breedPictures) }
            plan.append(SitePlan.searchPage)
        }
        timed("pages and study data") { $0.make(plan, renderer: renderer, problems: &problems) }
        BackgroundRelease.drop(plan, keeping: options.leavesModelToExit)
        plan = []
        timed("charts") { $0.writeCharts(renderer: renderer, problems: &problems) }
        timed("session documents") { $0.writeSessions(problems: &problems) }
        timed("anki package") { $0.writeAnkiPackage(problems: &problems) }
        // While the index finishes (at 100,000 cards, for a second after the pages), the paths written so
        // far are sorted for the offline list and the manifest.
        if searchDone.wait(timeout: .now()) == .timedOut { output.presort() }
        timed("search index (finishing)") { _ in searchDone.wait() }
        timed("offline files") { $0.writeOffline(hashing: $0.output, problems: &problems) }
        problems.diagnostics.append(contentsOf: searchProblems.all)
        log.merge(problems.diagnostics.sorted { ($0.location.path, $0.location.line ?? 0) < ($1.location.path, $1.location.line ?? 0) })
    }

    mutating func page(_ template: String, context: [String: Any], title: String, path: String, kind: String,
                       renderer: PageRenderer, problems: inout ProblemList, isPersonal: Bool = false) {
        let page = PageRenderer.Page(title: title, root: SitePaths.root(of: path), kind: kind, isPersonal: isPersonal)
        do {
            try renderer.write(template, context: context, page: page, to: path, output: output)
            pageCount += 1
        } catch {
            problems.diagnostics.append(.writing(error, path: path))
        }
    }

    /// Writes the templates' `assets/` files (stylesheet, scripts) to `assets/`.
    private func writeAssets(problems: inout ProblemList) {
        let names = templates.files.paths.filter { $0.hasPrefix("assets/") && !$0.hasPrefix("assets/.") }
        if names.isEmpty {
            problems.diagnostics.append(.error("no assets folder (site.css, site.js); restore it from Loupe's Templates/assets/",
                                               at: SourceLocation(path: options.templates.appendingPathComponent("assets").relativePath)))
        }
        for name in names {
            guard let file = templates.files[name] else { continue }
            // The favicon also goes to the site's root, where browsers and tools ask for /favicon.ico.
            for path in name == "assets/favicon.ico" ? [name, "favicon.ico"] : [name] {
                do { try output.write(file.data, to: path) } catch {
                    problems.diagnostics.append(.writing(error, path: path))
                }
            }
        }
    }

    /// Publishes every image a card uses, once, through the image pipeline (resized, converted,
    /// stripped, cached); an image that is not an image or cannot be decoded is a warning on each row
    /// naming it, and the card is shown without it.
    private mutating func writeImages(problems: inout ProblemList) {
        let folder = options.content.appendingPathComponent("deck/images")
        var seen = Set<String>()
        var sources: [(name: String, file: URL)] = []
        for card in content.deck.cards {
            for image in card.images where image.exists && seen.insert(image.file).inserted {
                sources.append((image.file, folder.appendingPathComponent(image.file)))
            }
        }
        let outcome = imagePublisher.publish(sources, folder: "images/")
        images = outcome.published
        for card in content.deck.cards {
            for image in card.images where image.exists {
                guard let error = outcome.failures[image.file] else { continue }
                problems.diagnostics.append(.warning("image '\(image.file)' \(error.message); it is not published and the card is shown without it",
                                                     at: SourceLocation(path: card.source.path, line: card.source.line)))
            }
        }
        for failure in outcome.writeErrors {
            problems.diagnostics.append(.error(failure.error.messageOnly, at: SourceLocation(path: failure.path)))
        }
    }

    /// The image pipeline with the site's settings, caching beside the content folder.
    var imagePublisher: ImagePublisher {
        ImagePublisher(pipeline: ImagePipeline(settings: content.settings.images, cache: ImageCache(directory: options.cacheFolder)),
                       output: output)
    }
}

/// Diagnostics found while writing.
struct ProblemList { var diagnostics: [Diagnostic] = [] }

/// Diagnostics gathered from parallel workers.
final class SharedProblems: Sendable {
    private let state = Mutex<(items: [Diagnostic], seen: Set<Diagnostic>)>(([], []))
    /// Records a diagnostic once (a broken template would otherwise be reported for every page).
    func add(_ diagnostic: Diagnostic) {
        state.withLock { if $0.seen.insert(diagnostic).inserted { $0.items.append(diagnostic) } }
    }
    /// Records why writing the output at `path` failed (``Diagnostic/writing(_:path:)``).
    func add(_ error: any Error, writing path: String) { add(.writing(error, path: path)) }
    var all: [Diagnostic] { state.withLock { $0.items } }
}

extension Diagnostic {
    /// Why rendering or writing the output at `path` failed: a template problem at its template's
    /// line, anything else at the output's path.
    static func writing(_ error: any Error, path: String) -> Diagnostic {
        switch error {
        case let error as TemplateError: error.diagnostic
        case let error as OutputError: .error(error.messageOnly, at: SourceLocation(path: path))
        default: .error("\(error)", at: SourceLocation(path: path))
        }
    }
}
