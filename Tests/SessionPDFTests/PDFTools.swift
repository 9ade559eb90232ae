import Foundation
import Testing
@testable import SessionPDF
import TestSupport

/// Runs poppler's and qpdf's command-line tools and the built `loupe` on PDFs made by the tests.
enum PDFTools {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether WeasyPrint and the PDF tools are installed (scripts/setup installs them). On CI the engine
    /// tests always run, so a missing install fails instead of skipping.
    static let isReady: Bool = {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        let tools = ["pdfinfo", "pdffonts", "pdftotext", "qpdf"].allSatisfy { SessionPDFRenderer.resolve($0, path: ProcessInfo.processInfo.environment["PATH"]).hasPrefix("/") }
        let renderer = SessionPDFRenderer(paper: .a4)
        let hasEngine = renderer.interpreters.contains { python in
            (try? run(python, ["-c", WeasyPrintDriver.probe]).status) == 0
        }
        return tools && hasEngine
    }()

    /// Why the engine tests are skipped when ``isReady`` is false.
    static let notReady: Comment = "session PDF tests need WeasyPrint, poppler-utils and qpdf (run scripts/setup): skipped"

    /// Runs a program found on `PATH` (or by path) and collects its output.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                    in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SessionPDFRenderer.resolve(program, path: ProcessInfo.processInfo.environment["PATH"]))
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let folder = try TemporaryFolder.make("pdftools")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: FileManager.default.contents(atPath: outURL.path) ?? Data(), as: UTF8.self),
                   stderr: String(decoding: FileManager.default.contents(atPath: errURL.path) ?? Data(), as: UTF8.self))
    }

    /// `pdfinfo` as key → value.
    static func info(_ pdf: URL) throws -> [String: String] {
        let run = try run("pdfinfo", [pdf.path])
        var result: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// The text of one page (1-based), or of all pages.
    static func text(_ pdf: URL, page: Int? = nil) throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try run("pdftotext", range + ["-layout", pdf.path, "-"]).stdout
    }

    /// `pdffonts` rows after the header: name, type, encoding, emb, sub, uni, object, generation.
    static func fonts(_ pdf: URL) throws -> [[String]] {
        try run("pdffonts", [pdf.path]).stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    /// The document catalog (e.g. to read `/Lang`).
    static func catalog(_ pdf: URL) throws -> String {
        let trailer = try run("qpdf", ["--show-object=trailer", pdf.path]).stdout
        guard let range = trailer.range(of: #"/Root (\d+) 0 R"#, options: .regularExpression) else { return "" }
        let number = trailer[range].split(separator: " ")[1]
        return try run("qpdf", ["--show-object=\(number)", pdf.path]).stdout
    }

    /// The built `loupe` executable: `$LOUPE_BIN`, else the newest `.build*/debug|release/loupe`.
    static var loupe: URL? {
        if let path = ProcessInfo.processInfo.environment["LOUPE_BIN"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path)) ?? []
        let candidates = names.filter { $0.hasPrefix(".build") }.flatMap { build in
            ["debug", "release"].map { packageRoot.appendingPathComponent(build).appendingPathComponent($0).appendingPathComponent("loupe") }
        }.filter { FileManager.default.isExecutableFile(atPath: $0.path) }
        return candidates.max { modified($0) < modified($1) }
    }

    static func modified(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }

    /// Runs `loupe` in the package root, with extra environment variables.
    static func loupe(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Run {
        let binary = try #require(loupe, "build the loupe executable first (swift build --product loupe)")
        return try run(binary.path, arguments, environment: ProcessInfo.processInfo.environment.merging(extra) { _, new in new },
                       in: packageRoot)
    }

    /// A fresh temporary folder, removed when the tests end (the caller may remove it sooner).
    static func temporaryFolder(_ name: String) throws -> URL {
        try TemporaryFolder.make(name)
    }
}
