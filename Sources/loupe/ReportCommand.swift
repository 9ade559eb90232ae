import ArgumentParser
import Foundation
import LoupeKit
import SessionReports
import Templating

/// `loupe report FILE…`: the session documents for the given session files.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the session documents (Markdown and standalone HTML) for the given session files.",
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

    @Option(help: "The templates folder (holding sessions/*.md and sessions/layout.html).")
    var templates: String = "Templates"

    @Option(help: "The folder of note outlines for note sessions.")
    var outlines: String = "content/outlines"

    @Option(help: "The locale for euro amounts, e.g. en_IE or de_DE.")
    var locale: String = "en_IE"

    @Option(name: .customLong("time-zone"), help: "The practice's time zone for vjot incidents, e.g. Europe/Dublin (default: this machine's).")
    var timeZone: String?

    @Option(name: .customLong("games-year"), help: "The year of week-numbered rehabilitation games whose file does not tell it.")
    var gamesYear: Int?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one session file") }
        if out.isEmpty { throw ValidationError("--out must name a folder") }
        if URL(fileURLWithPath: out).standardizedFileURL.path == "/" { throw ValidationError("--out must not be the root folder") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone) is not a time zone name such as Europe/Dublin")
        }
    }

    func run() throws {
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(directory: URL(fileURLWithPath: templates))
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        var reporter = SessionReporter(templates: library, locale: locale)
        if let timeZone, let zone = TimeZone(identifier: timeZone) { reporter.timeZone = zone }
        reporter.gamesYear = gamesYear
        var log = DiagnosticLog()
        let outlineFolder = URL(fileURLWithPath: outlines)
        var isDirectory: ObjCBool = false
        let hasOutlines = FileManager.default.fileExists(atPath: outlineFolder.path, isDirectory: &isDirectory) && isDirectory.boolValue
        let documents = reporter.documents(forFiles: files.map { URL(fileURLWithPath: $0) },
                                           outlineDirectory: hasOutlines ? outlineFolder : nil, log: &log)
        var written = 0
        let outURL = URL(fileURLWithPath: out)
        for document in documents {
            // Paths come from slugs, but never write outside --out whatever they hold.
            let parts = document.relativePath.split(separator: "/")
            guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else { continue }
            let destination = outURL.appendingPathComponent(document.relativePath)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(document.contents.utf8).write(to: destination, options: .atomic)
                written += 1
            } catch {
                log.error("cannot write this file (\(error.localizedDescription)); check that --out is writable",
                          at: SourceLocation(path: destination.relativePath))
            }
        }
        var text = ""
        for diagnostic in Loupe.sorted(log.all) where !quiet || diagnostic.severity == .error {
            text += diagnostic.description + "\n"
        }
        if !quiet { text += "wrote \(written) files to \(out)\n" }
        FileHandle.standardError.write(Data(text.utf8))
        if log.hasErrors { throw ExitCode(1) }
    }
}
