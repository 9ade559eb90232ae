import ArgumentParser
import Foundation
import LoupeKit

/// Options shared by `build` and `check`.
struct SiteOptions: ParsableArguments {
    @Option(help: "The content folder.")
    var content: String = "content"

    @Option(help: ArgumentHelp("A folder of templates overriding the built-in ones file by file.",
                               discussion: "Default: templates/ inside the content folder, when it exists."))
    var templates: String?

    @Option(help: "The output folder.")
    var out: String = "site"

    @Option(help: "Force the deck files' encoding: utf-8, utf-16le, utf-16be, macroman, windows-1252.")
    var deckEncoding: String?

    @Flag(help: "Leave session documents out.")
    var noSessions = false

    @Option(help: "The paper of session PDFs: a4 or letter (default: paper in loupe.yml, else a4).")
    var paper: String?

    @Flag(help: "Rebuild everything even if no input changed since the last build.")
    var force = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print warnings and a summary of what was written.")
    var verbose = false

    func validate() throws {
        if let deckEncoding, DeckEncoding(name: deckEncoding) == nil {
            throw ValidationError("unknown --deck-encoding '\(deckEncoding)'; use utf-8, utf-16le, utf-16be, macroman or windows-1252")
        }
        if out.isEmpty { throw ValidationError("--out must name a folder") }
        // Which folders --out may replace is decided on real paths by the build (OutputGuard).
        if URL(fileURLWithPath: out).standardizedFileURL.path == "/" { throw ValidationError("--out must not be the root folder") }
        if let paper, !["a4", "letter"].contains(paper.lowercased()) { throw ValidationError("unknown --paper '\(paper)'; use a4 or letter") }
        var isDirectory: ObjCBool = false
        if let templates, !(FileManager.default.fileExists(atPath: templates, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw ValidationError("--templates \(templates) is not a folder (leave it out to use the built-in templates)")
        }
    }

    func buildOptions() -> BuildOptions {
        var progress: (@Sendable (String) -> Void)?
        if !quiet && isatty(2) == 1 {
            progress = { message in FileHandle.standardError.write(Data("\r\u{1B}[2K\(message)".utf8)) }
        }
        let contentURL = URL(fileURLWithPath: content)
        let templatesURL = templates.map { URL(fileURLWithPath: $0) } ?? Loupe.templatesFolder(forContent: contentURL)
        var options = BuildOptions(content: contentURL, templates: templatesURL,
                                   output: URL(fileURLWithPath: out), deckEncoding: deckEncoding.flatMap(DeckEncoding.init(name:)),
                                   includeSessions: !noSessions, progress: progress)
        options.force = force
        options.sessionPaper = paper
        options.defaultTemplates = Loupe.builtInTemplates
        return options
    }

    /// Prints diagnostics to stderr: errors always, warnings unless `--quiet`.
    func print(_ report: BuildReport) {
        if !quiet && isatty(2) == 1 { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        var text = ""
        for diagnostic in Loupe.sorted(report.diagnostics) where !quiet || diagnostic.severity == .error {
            text += diagnostic.description + "\n"
        }
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.count - errors
        if !quiet && (warnings > 0 || errors > 0) {
            text += "\(errors) error(s), \(warnings) warning(s)\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from the content folder into the output folder (swapped in only on success).")

    @OptionGroup var options: SiteOptions

    /// A refused `--out` is bad usage (exit 2), checked before anything is read.
    func validate() throws {
        if let problem = Loupe.outputProblem(for: options.buildOptions()) { throw ValidationError(problem) }
    }

    func run() throws {
        var build = options.buildOptions()
        build.processExitsAfterBuild = true  // the command ends with the build
        let report = Loupe.build(build)
        options.print(report)
        if options.verbose {
            for (phase, seconds, peak) in report.timings {
                let line = String(format: "%8.3f s %7.0f MB peak  ", seconds, Double(peak) / 1_048_576) + phase + "\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
        if (report.succeeded || report.isPublishable) && !options.quiet {
            let summary = report.isUpToDate
                ? "\(options.out) is up to date (\(report.pageCount) pages; no input changed — use --force to rebuild)\n"
                : "wrote \(report.pageCount) pages, \(report.fileCount) files to \(options.out)\n"
            FileHandle.standardError.write(Data(summary.utf8))
        }
        if !report.succeeded { throw ExitCode(Loupe.exitCode(for: report)) }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read and validate everything build reads; write nothing; exit 1 on any error.")

    @OptionGroup var options: SiteOptions

    func run() throws {
        let report = Loupe.check(options.buildOptions())
        options.print(report)
        if !report.succeeded { throw ExitCode(Loupe.exitCode(for: report)) }
    }
}
