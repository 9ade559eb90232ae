import ArgumentParser
import Foundation
import LoupeKit

/// `loupe report FILE…`: the session documents for the given session files.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the session documents (Markdown, standalone HTML and PDF) for the given session files.",
        discussion: """
        FILE is an acuity app CSV export, a Loupe session JSON (acuity chart test, note session, \
        incident, note outline), a games history export or the games app's Firebase database export, \
        or vjot's whole Documents folder. Note sessions find their outline among \
        the files or in --outlines. A bad file is reported and skipped; the others are still written, \
        and the exit status is 1.
        """)

    @Argument(help: "Session files to report on.")
    var files: [String]

    @Option(help: "The output folder.")
    var out: String = "reports"

    @Option(help: "A templates folder overriding the built-in templates file by file (sessions/*.md, sessions/layout.html).")
    var templates: String?

    @Option(help: "The folder of note outlines for note sessions.")
    var outlines: String = "content/outlines"

    @Option(help: "The locale for euro amounts, e.g. en_IE or de_DE.")
    var locale: String = "en_IE"

    @Option(name: .customLong("time-zone"), help: "The practice's time zone for vjot incidents, e.g. Europe/Dublin (default: this machine's).")
    var timeZone: String?

    @Option(name: .customLong("games-year"), help: "The year of week-numbered rehabilitation games whose file does not tell it.")
    var gamesYear: Int?
    @Option(help: "The formats to write: md, html, pdf, comma-separated or repeated (default: all).")
    var format: [String] = []

    @Option(help: "The paper of PDF files: a4 or letter.")
    var paper: String = "a4"

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    /// The formats asked for (all when none is named).
    var formats: Set<String> {
        let named = format.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return named.isEmpty ? ["md", "html", "pdf"] : Set(named)
    }

    func validate() throws {
        if let unknown = formats.subtracting(["md", "html", "pdf"]).sorted().first {
            throw ValidationError("unknown --format '\(unknown)'; use md, html or pdf")
        }
        if DocumentPaper(named: paper) == nil { throw ValidationError("unknown --paper '\(paper)'; use a4 or letter") }
        if files.isEmpty { throw ValidationError("name at least one session file") }
        if out.isEmpty { throw ValidationError("--out must name a folder") }
        if URL(fileURLWithPath: out).standardizedFileURL.path == "/" { throw ValidationError("--out must not be the root folder") }
        var isDirectory: ObjCBool = false
        if let templates, !(FileManager.default.fileExists(atPath: templates, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw ValidationError("--templates \(templates) is not a folder (leave it out to use the built-in templates)")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone) is not a time zone name such as Europe/Dublin")
        }
    }

    func run() throws {
        let request = ReportRequest(
            files: files.map { URL(fileURLWithPath: $0) }, output: URL(fileURLWithPath: out), outputName: out,
            templates: templates.map { URL(fileURLWithPath: $0) }, outlines: URL(fileURLWithPath: outlines), locale: locale,
            timeZone: timeZone.flatMap(TimeZone.init(identifier:)), gamesYear: gamesYear,
            formats: Set(formats.compactMap(ReportFormat.init(rawValue:))), formatsNamed: !format.isEmpty,
            paper: DocumentPaper(named: paper) ?? .a4)
        let result: ReportResult
        do {
            result = try Loupe.report(request)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        var text = ""
        for diagnostic in Loupe.sorted(result.diagnostics) where !quiet || diagnostic.severity == .error {
            text += diagnostic.description + "\n"
        }
        if !quiet { text += "wrote \(result.writtenCount) files to \(out)\n" }
        FileHandle.standardError.write(Data(text.utf8))
        if !result.succeeded { throw ExitCode(1) }
    }
}
