import Diagnostics
import Foundation
import MarkdownHTML
import Sessions
import Templating

/// Renders session documents (§6): each session becomes `<kind>/<id>.md` and a standalone
/// `<kind>/<id>.html`, plus day digests of incidents, per-user game progress, and `index.md`/`index.html`.
///
/// Pipeline per document: the Mustache template `sessions/<template>.md` → Markdown → libcmark →
/// wrapped by `sessions/layout.html`. User text is escaped by the templates; only SVG and tables
/// this module generates are inserted raw.
public struct SessionReporter: Sendable {
    /// The templates (`sessions/*.md`, `sessions/layout.html`).
    public let templates: TemplateLibrary
    /// Breed id → URL of its breed page, relative to the site root (e.g. `breeds/abys.html`).
    public let breedLinks: [String: String]
    /// Breed id → display name (e.g. `abys` → `Abyssinian`); ids without one are shown as written.
    public let breedNames: [String: String]
    /// The locale for money, e.g. `en_IE` or `de_DE`.
    public let locale: String
    /// Breed name or alternative name, folded by ``SessionReporter/breedKey(_:)`` → breed id: a free-text
    /// breed (vjot's "as stated by owner") links to its page by name as well as by id.
    public var breedAliases: [String: String] = [:]
    /// The practice's time zone: vjot's UTC times are shown, and digests grouped, in it.
    public var timeZone: TimeZone = .current
    /// The year of week-numbered games when their file does not tell it (`games_year` in `loupe.yml`).
    public var gamesYear: Int?

    /// A breed name as a lookup key: case, accents and surrounding space ignored.
    public static func breedKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    /// Whether the index links each document's PDF (`<kind>/<id>.pdf`, written beside the HTML).
    public var linksPDFs = true

    /// Creates a reporter.
    ///
    /// - Parameters:
    ///   - templates: the template library holding `sessions/…`.
    ///   - breedLinks: breed id → page URL relative to the site root; documents sit two folders deep
    ///     (`sessions/<kind>/`) and link to `../../` + the URL. Leave empty when there is no site.
    ///   - breedNames: breed id → name shown for the patient's breed.
    ///   - locale: the locale for euro amounts (default `en_IE`).
    public init(templates: TemplateLibrary, breedLinks: [String: String] = [:], breedNames: [String: String] = [:],
                locale: String = "en_IE") {
        self.templates = templates
        self.breedLinks = breedLinks
        self.breedNames = breedNames
        self.locale = locale
    }

    /// Every document for a content folder: `sessions/**`, `outlines/*.json`, `progress/games*.json`,
    /// plus day digests and the index. Diagnostics go to `log`; bad files give no documents.
    /// `studySessions` are study sessions (SPEC §6.5) grouped by the site from its progress export.
    public func documents(forContent contentDirectory: URL, studySessions: [StudySessionSummary] = [],
                          log: inout DiagnosticLog) -> [ReportFile] {
        documents(for: SessionLoader.load(contentDirectory: contentDirectory, timeZone: timeZone, gamesYear: gamesYear, log: &log),
                  studySessions: studySessions, log: &log)
    }

    /// The documents for the named files (as `loupe report` does); a bad file does not stop the others.
    /// Note sessions find their outline among `files` or in `outlineDirectory`.
    public func documents(forFiles files: [URL], outlineDirectory: URL? = nil, log: inout DiagnosticLog) -> [ReportFile] {
        documents(for: SessionLoader.load(files: files, outlineDirectory: outlineDirectory, timeZone: timeZone,
                                          gamesYear: gamesYear, log: &log), log: &log)
    }

    /// The documents for an already loaded catalog, sorted by path; the index comes last.
    public func documents(for catalog: SessionCatalog, studySessions: [StudySessionSummary] = [],
                          log: inout DiagnosticLog) -> [ReportFile] {
        var pending: [SessionDocument] = []
        pending += studySessions.map(studyDocument)
        pending += catalog.acuity.map(acuityDocument)
        pending += catalog.notes.map(noteDocument)
        pending += catalog.incidents.map(incidentDocument)
        pending += catalog.incidentDays.map(dayDocument)
        for user in catalog.gameUsers {
            let averages = user.runningAverages
            pending += user.games.enumerated().map { index, game in
                gameDocument(game, of: user, position: index + 1, average: averages[index])
            }
            pending.append(progressDocument(user))
        }
        pending.sort { $0.path < $1.path }
        var files: [ReportFile] = []
        for document in pending {
            files += render(document, log: &log)
        }
        if !pending.isEmpty {
            files += render(indexDocument(pending), log: &log, isIndex: true)
        }
        return files
    }

    /// Markdown and HTML for one document; a template problem is reported once per template and the
    /// document is skipped.
    func render(_ document: SessionDocument, log: inout DiagnosticLog, isIndex: Bool = false) -> [ReportFile] {
        let base = isIndex ? "index" : document.path
        do {
            let markdown = Self.normalise(try templates.render("sessions/\(document.template)", with: document.context))
            let body = MarkdownRenderer.html(from: markdown, allowRawHTML: true)
            let html = try templates.render("sessions/layout", with: [
                "title": document.title,
                "kind": document.kind,
                "body": body,
                "isIndex": isIndex,
                "indexLink": isIndex ? "" : "../index.html",
            ] as [String: Any])
            return [ReportFile(relativePath: base + ".md", contents: markdown),
                    ReportFile(relativePath: base + ".html", contents: Self.normalise(html))]
        } catch {
            // TemplateError's description is a whole diagnostic line; keep its message part.
            var message = error.description
            if let range = message.range(of: ": error: ") { message = String(message[range.upperBound...]) }
            if !log.all.contains(where: { $0.message == message }) {
                log.error(message, at: SourceLocation(path: templates.directory.relativePath))
            }
            return []
        }
    }

    /// LF line endings (CR LF and lone CR become LF), at most one blank line in a row (template
    /// sections leave runs behind), exactly one trailing newline. One pass over the bytes: Foundation's
    /// replacing and searching, once per rule and per document, was a quarter of the CPU time of an
    /// edit build of the default content.
    static func normalise(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 1)
        var newlines = 0  // line breaks in a row just written
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == 0x0A && previous == 0x0D { continue }  // the LF of a CR LF, already written
            if byte == 0x0A || byte == 0x0D {
                newlines += 1
                if newlines <= 2 { bytes.append(0x0A) }
            } else {
                newlines = 0
                bytes.append(byte)
            }
        }
        while bytes.last == 0x0A { bytes.removeLast() }
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``normalise(_:)`` by literal string replacement: the definition the byte pass must agree with.
    /// (Foundation's default, non-literal search skipped a run of line breaks a combining mark follows.)
    static func normaliseByReplacing(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\r\n", with: "\n", options: .literal)
            .replacingOccurrences(of: "\r", with: "\n", options: .literal)
        while result.hasSuffix("\n") { result.removeLast() }
        while result.range(of: "\n\n\n", options: .literal) != nil {
            result = result.replacingOccurrences(of: "\n\n\n", with: "\n\n", options: .literal)
        }
        return result + "\n"
    }
}
