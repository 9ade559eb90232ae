import Foundation
@_exported import SessionPDF
import SessionReports

/// A format `loupe report` writes.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    /// Markdown (`.md`).
    case md
    /// Standalone HTML (`.html`).
    case html
    /// PDF (`.pdf`), rendered from the HTML.
    case pdf
}

/// What `loupe report` is asked to write.
public struct ReportRequest: Sendable {
    /// The session files to report on.
    public var files: [URL]
    /// The folder written into; nothing is written outside it.
    public var output: URL
    /// The output folder as the user named it, for messages (default: `output.relativePath`).
    public var outputName: String
    /// A templates folder overriding the built-in templates file by file, or `nil` for the built-in ones.
    public var templates: URL?
    /// The folder of note outlines for note sessions (used only when it is a folder).
    public var outlines: URL
    /// The locale for euro amounts, e.g. `en_IE`.
    public var locale: String
    /// The practice's time zone for vjot incidents, or `nil` for this machine's.
    public var timeZone: TimeZone?
    /// The year of week-numbered rehabilitation games whose file does not tell it.
    public var gamesYear: Int?
    /// The formats to write.
    public var formats: Set<ReportFormat>
    /// Whether the formats were named (then a missing PDF engine is an error, else a warning).
    public var formatsNamed: Bool
    /// The paper of PDF files.
    public var paper: DocumentPaper

    /// Creates a request; by default every format, on A4.
    public init(files: [URL], output: URL, outputName: String? = nil, templates: URL? = nil, outlines: URL, locale: String = "en_IE",
                timeZone: TimeZone? = nil, gamesYear: Int? = nil, formats: Set<ReportFormat> = Set(ReportFormat.allCases),
                formatsNamed: Bool = false, paper: DocumentPaper = .a4) {
        self.files = files
        self.output = output
        self.outputName = outputName ?? output.relativePath
        self.templates = templates
        self.outlines = outlines
        self.locale = locale
        self.timeZone = timeZone
        self.gamesYear = gamesYear
        self.formats = formats
        self.formatsNamed = formatsNamed
        self.paper = paper
    }
}

/// What `loupe report` did.
public struct ReportResult: Sendable {
    /// Every diagnostic, unsorted (a bad session file, a file that could not be written, the PDF engine).
    public var diagnostics: [Diagnostic]
    /// How many files were written.
    public var writtenCount: Int
    /// Whether there was no error.
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

extension Loupe {
    /// `loupe report FILE…`: writes the session documents of `request.files` into `request.output`. A bad
    /// session file or a file that cannot be written is a diagnostic; the others are still written.
    /// Throws only when the templates cannot be read (then nothing is written).
    public static func report(_ request: ReportRequest) throws(TemplateError) -> ReportResult {
        let library = try templates(overriddenBy: request.templates)
        var reporter = SessionReporter(templates: library, locale: request.locale)
        if let zone = request.timeZone { reporter.timeZone = zone }
        reporter.gamesYear = request.gamesYear
        reporter.linksPDFs = request.formats.contains(.pdf)
        var log = DiagnosticLog()
        var isDirectory: ObjCBool = false
        let hasOutlines = FileManager.default.fileExists(atPath: request.outlines.path, isDirectory: &isDirectory) && isDirectory.boolValue
        let documents = reporter.documents(forFiles: request.files, outlineDirectory: hasOutlines ? request.outlines : nil, log: &log)
        var written = 0
        for document in documents {
            let suffix = String(document.relativePath.split(separator: ".").last ?? "")
            guard let format = ReportFormat(rawValue: suffix), request.formats.contains(format) else { continue }
            // Paths come from slugs, but never write outside the output folder whatever they hold.
            let parts = document.relativePath.split(separator: "/")
            guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { continue }
            if write(Data(document.contents.utf8), to: request.output.appendingPathComponent(document.relativePath), log: &log) {
                written += 1
            }
        }
        if request.formats.contains(.pdf) {
            written += writePDFs(of: documents, for: request, log: &log)
        }
        return ReportResult(diagnostics: log.all, writtenCount: written)
    }

    /// `<kind>/<id>.pdf` beside each document's HTML; returns how many were written. A missing engine is
    /// an error when PDF was asked for by name, a warning otherwise (the other formats are still written).
    private static func writePDFs(of documents: [ReportFile], for request: ReportRequest, log: inout DiagnosticLog) -> Int {
        let sources = documents.compactMap { document in
            PDFSource(sessionDocument: document.contents, relativePath: document.relativePath).map { (document.relativePath, $0) }
        }
        let results: [Result<Data, SessionPDFError>]
        do {
            results = try SessionPDFRenderer(paper: request.paper).render(sources.map(\.1))
        } catch {
            if request.formatsNamed {
                log.error(error.description, at: SourceLocation(path: request.outputName))
            } else {
                log.warning(error.description, at: SourceLocation(path: request.outputName))
            }
            return 0
        }
        var written = 0
        for ((htmlPath, _), result) in zip(sources, results) {
            let destination = request.output.appendingPathComponent(PDFSource.pdfPath(forHTML: htmlPath))
            switch result {
            case .success(let pdf): if write(pdf, to: destination, log: &log) { written += 1 }
            case .failure(let error): log.error(error.description, at: SourceLocation(path: destination.relativePath))
            }
        }
        return written
    }

    /// Writes `data` atomically at `destination`, making its folder; a failure is an error naming the file.
    private static func write(_ data: Data, to destination: URL, log: inout DiagnosticLog) -> Bool {
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: destination, options: .atomic)
            return true
        } catch {
            log.error("cannot write this file (\(error.localizedDescription)); check that --out is writable",
                      at: SourceLocation(path: destination.relativePath))
            return false
        }
    }
}
