import Deck
import Diagnostics
import Foundation
import MarkdownHTML
import Synchronization
import Templating

/// Builds the whole site from a content folder: the façade of this module.
public enum SiteGenerator {
    /// Reads, validates and renders everything; writes into a staging folder and swaps it into
    /// `options.output` only when there was no error.
    public static func build(_ options: BuildOptions) -> BuildReport {
        var options = options
        // Never replace a folder that is not ours (OutputGuard), and never two builds at once (OutputLock).
        let destination: URL
        let lock: OutputLock
        do {
            destination = try OutputGuard.destination(for: options)
            lock = try OutputLock(destination: destination)
        } catch {
            return BuildReport(diagnostics: [.error(error.messageOnly, at: SourceLocation(path: options.output.relativePath))], pageCount: 0, fileCount: 0)
        }
        defer { withExtendedLifetime(lock) {} }
        let previous = options.force ? nil : RecordedBuild(at: destination)
        let smallSiteUpdate = previous?.isSmallSiteUpdate ?? false
        AllocatorTuning.configure(small: previous == nil ? AllocatorTuning.isSmallDeck(options.deckReader) : smallSiteUpdate)
        options.leavesModelToExit = options.processExitsAfterBuild && smallSiteUpdate
        let inputs = BuildFingerprint.fingerprint(of: options, known: previous?.inputHashes ?? [:])
        var settledFolders: FolderStamps?
        if let previous, previous.fingerprint == inputs.all, previous.isIntact(at: destination, now: Date(), settled: &settledFolders) {
            // Nothing changed since the last successful build: same diagnostics, site left as it is.
            // Files that settled since (changed just before that build) are recorded now, so the next
            // build trusts their identity instead of reading them again; so are the site's folders once
            // they settled, so the next one checks them instead of their listings.
            if inputs.hashes != previous.inputHashes || settledFolders != previous.folders {
                previous.recordInputHashes(inputs.hashes, folders: settledFolders, at: destination)
            }
            var report = BuildReport(diagnostics: previous.diagnostics, pageCount: previous.pageCount, fileCount: 0)
            report.isUpToDate = true
            return report
        }
        // Settings are read first thing; their YAML decoder's patterns are compiled meanwhile.
        _ = BackgroundValue { SiteSettings.prepareDecoder() }
        // The same executable, options, templates and settings: update the previous site in place.
        // Anything else: a full build into a staging folder, swapped in at the end.
        let target: PublishingOutput
        var updated: PreviousFiles?
        do {
            // An edit build needs the previous build's 13,000 file records (parsed on every core). They
            // are not parsed before the inputs are known to have changed: parsed meanwhile, they took a
            // core from the check of a build with nothing changed.
            if let previous, previous.engine == inputs.engine, let recorded = previous.previousFiles() {
                target = .incremental(try IncrementalOutput(destination: destination, previous: recorded))
                updated = recorded
            } else {
                target = .full(try StagedOutput(destination: destination))
            }
        } catch {
            return BuildReport(diagnostics: [.error(error.messageOnly, at: SourceLocation(path: options.output.relativePath))], pageCount: 0, fileCount: 0)
        }
        let recording = HashingOutput(wrapping: target.output, expected: previous?.estimatedFileCount ?? 0, previous: updated)
        var previousSite: URL?
        if case .incremental(let incremental) = target { previousSite = incremental.destination }
        var report = generate(options, into: recording, previousSite: previousSite)
        guard report.isPublishable else {
            target.discard()
            report.fileCount = 0
            return report
        }
        let header = BuildFingerprint.Header(format: BuildFingerprint.format, fingerprint: inputs.all, engine: inputs.engine,
                                             pageCount: report.pageCount, diagnostics: report.diagnostics, inputHashes: inputs.hashes)
        do {
            report.changedFileCount = try target.commit(manifest: BuildFingerprint.manifest(header, fileLines: recording.manifestLines))
        } catch {
            target.discard()
            report.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: options.output.relativePath)))
        }
        report.fileCount = recording.siteFileCount
        // The records of 13,000 files, twice over, are freed on another thread while the command
        // reports (or the process exits).
        BackgroundRelease.drop((consume recording, consume target, consume updated), keeping: options.leavesModelToExit)
        return report
    }

    /// Why `options.output` may not be replaced by a build (see `OutputGuard`), as a one-line message
    /// for the command line, or `nil` when it may.
    public static func outputProblem(for options: BuildOptions) -> String? {
        do { _ = try OutputGuard.destination(for: options) } catch {
            return "--out \(options.output.relativePath): \(error.messageOnly)"
        }
        return nil
    }

    /// Reads, validates and renders everything, writing nothing.
    public static func check(_ options: BuildOptions) -> BuildReport {
        generate(options, into: HashingOutput(wrapping: DiscardingOutput()))
    }

    static func generate(_ options: BuildOptions, into output: HashingOutput, previousSite: URL? = nil) -> BuildReport {
        var log = DiagnosticLog()
        let clock = ContinuousClock()
        let start = clock.now
        let sections = output.isDiscarding ? nil : SectionChunkFiles(output: output, previousSite: previousSite)
        // The previous merged search table is read while the content loads.
        let searchChunks = output.isDiscarding ? nil : SearchChunkFiles(output: output, previousSite: previousSite)
        // Row snapshots and the merged search table are written meanwhile; the build's records are
        // complete only once they are.
        defer {
            sections?.finish()
            searchChunks?.finish()
        }
        // The templates are parsed on another thread while the content loads (the deck's reading leaves
        // a core idle for most of it).
        let parsing = BackgroundValue {
            Result { () throws(TemplateError) in
                let files = try options.templateFiles()
                // An update of a site made with these templates (they all parsed then) parses only
                // those it renders.
                guard let memory = options.memory else {
                    let library = try TemplateLibrary(files: files, directory: options.templates, parsingOnFirstUse: previousSite != nil)
                    // What a one-card edit renders: its card page.
                    if previousSite != nil { library.prepare(["layout", "card", "card-section"]) }
                    return library
                }
                return try memory.templates.library(files: files, directory: options.templates)
            }
        }
        // The chart files are rendered on another thread while the deck is read (which leaves a core
        // idle for much of it).
        var chartFiles: BackgroundValue<[Diagnostic]>?
        defer { _ = chartFiles?.value }  // never left writing once the build has ended
        let content = SiteContent.load(options, sections: sections, log: &log) { charts in
            chartFiles = BackgroundValue { PageWriter.writeChartFiles(of: charts, to: output) }
        }
        let loaded = clock.now - start
        let loadedPeak = PeakMemory.bytes
        var templates: TemplateLibrary?
        switch parsing.value {
        case .success(let library): templates = library
        case .failure(let error): log.report(error.diagnostic)
        }
        guard let content, let templates, !log.hasErrors else {
            return BuildReport(diagnostics: log.all, pageCount: 0, fileCount: 0)
        }
        for required in ["layout", "home", "category", "topic", "card", "card-section", "about"] where !templates.hasTemplate(required) {
            log.report(TemplateError.missing(name: required, directory: options.templates.relativePath).diagnostic)
        }
        if log.hasErrors { return BuildReport(diagnostics: log.all, pageCount: 0, fileCount: 0) }
        var pages = PageWriter(content: content, templates: templates, output: output, options: options)
        pages.previousSite = previousSite
        pages.searchChunks = searchChunks
        pages.chartFiles = chartFiles
        pages.writeAll(log: &log)
        let seconds = Double(loaded.components.seconds) + Double(loaded.components.attoseconds) / 1e18
        var report = BuildReport(diagnostics: log.all, pageCount: pages.pageCount, fileCount: 0,
                                 timings: [("read content", seconds, loadedPeak)] + pages.timings)
        report.containedErrors = pages.containedErrors
        // The model is freed meanwhile on another thread (this copy is the last one left once
        // `generate` returns).
        BackgroundRelease.drop(pages, keeping: options.leavesModelToExit)
        return report
    }
}

extension OutputError {
    /// The message without the location prefix.
    var messageOnly: String {
        let text = description
        guard let range = text.range(of: ": error: ") else { return text }
        return String(text[range.upperBound...])
    }
}

extension TemplateError {
    /// The error as a diagnostic.
    var diagnostic: Diagnostic {
        switch self {
        case .unreadableDirectory(let path):
            return .error("cannot read the templates folder; pass --templates with the folder holding layout.html and the page templates", at: SourceLocation(path: path))
        case .unreadableFile(let path):
            return .error("cannot read this template as UTF-8 text", at: SourceLocation(path: path))
        case .syntax(let path, let line, let column, let reason):
            return .error("Mustache syntax error: \(reason)", at: SourceLocation(path: path, line: line, column: column))
        case .missing(let name, let directory):
            return .error("template '\(name)' is missing (expected \(name).md or \(name).html); restore it from Loupe's Templates/ folder", at: SourceLocation(path: directory))
        }
    }
}
