import Foundation
import LoupeKit
import Testing
import TestSupport

/// The façade functions the `loupe` executable calls, run directly (no process, no argument parsing).
@Suite("LoupeKit façade: report, chart")
struct FacadeTests {
    static let goodIncident = """
    {"format": "loupe-incident", "version": 1, "id": "inc-1", "created": "2025-05-06T09:00:00Z", "veterinarian": "Dr A"}
    """

    /// The documents of `goodIncident`: the incident, its day's digest and the index, in Markdown and HTML.
    static let documents = ["incident-digests/2025-05-06.html", "incident-digests/2025-05-06.md", "incidents/inc-1.html",
                            "incidents/inc-1.md", "index.html", "index.md"]

    /// Every file under `folder`, as sorted relative paths.
    static func files(in folder: URL) -> [String] {
        let root = folder.resolvingSymlinksInPath().path + "/"
        let enumerator = FileManager.default.enumerator(at: folder.resolvingSymlinksInPath(), includingPropertiesForKeys: [.isRegularFileKey])
        var paths: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.resolvingSymlinksInPath().path.dropFirst(root.count)))
        }
        return paths.sorted()
    }

    /// A folder holding `good.json` (an incident) and `broken.json` (cut short).
    static func sessionFiles() throws -> (folder: URL, good: URL, broken: URL) {
        let folder = try TemporaryFolder.make("facade-sessions")
        let good = folder.appendingPathComponent("good.json"), broken = folder.appendingPathComponent("broken.json")
        try Data(goodIncident.utf8).write(to: good)
        try Data("{\"format\": \"loupe-incident\", \"id\": ".utf8).write(to: broken)
        return (folder, good, broken)
    }

    @Test func reportWritesTheDocumentsOfTheGoodFileAndReportsTheBadOne() throws {
        let (folder, good, broken) = try Self.sessionFiles()
        defer { TemporaryFolder.remove(folder) }
        let out = folder.appendingPathComponent("reports")
        let result = try Loupe.report(ReportRequest(files: [broken, good], output: out, outlines: folder.appendingPathComponent("none"),
                                                    formats: [.md, .html]))
        #expect(Self.files(in: out) == Self.documents)
        #expect(result.writtenCount == 6)
        #expect(!result.succeeded)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1 && errors.first?.location.path.hasSuffix("broken.json") == true, "\(result.diagnostics)")
    }

    /// The acuity app's own share export and vjot's whole Documents folder, as the apps write them.
    @Test func reportReadsTheSourceAppsOwnFiles() throws {
        let folder = try TemporaryFolder.make("facade-apps")
        defer { TemporaryFolder.remove(folder) }
        let sessions = LoupeBinary.packageRoot.appendingPathComponent("content/sessions")
        let out = folder.appendingPathComponent("reports")
        let result = try Loupe.report(ReportRequest(
            files: [sessions.appendingPathComponent("acuity-app-20260702-share.csv"), sessions.appendingPathComponent("vjot/Documents")],
            output: out, outlines: folder, timeZone: TimeZone(identifier: "Europe/Dublin"), formats: [.html]))
        #expect(result.succeeded, "\(result.diagnostics)")
        let written = Self.files(in: out)
        #expect(written.contains { $0.hasPrefix("acuity/") }, "\(written)")
        #expect(written.contains { $0.hasPrefix("incidents/") }, "\(written)")
        #expect(result.writtenCount == written.count)
    }

    @Test func reportWritesOnlyTheFormatsAskedFor() throws {
        let (folder, good, _) = try Self.sessionFiles()
        defer { TemporaryFolder.remove(folder) }
        let out = folder.appendingPathComponent("reports")
        let result = try Loupe.report(ReportRequest(files: [good], output: out, outlines: folder, formats: [.md]))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(Self.files(in: out) == Self.documents.filter { $0.hasSuffix(".md") })
        #expect(result.writtenCount == 3)
    }

    @Test func reportNamesEachFileThatCannotBeWritten() throws {
        let (folder, good, _) = try Self.sessionFiles()
        defer { TemporaryFolder.remove(folder) }
        // The output "folder" is a file: nothing can be written under it.
        let out = folder.appendingPathComponent("taken")
        try Data("x".utf8).write(to: out)
        let result = try Loupe.report(ReportRequest(files: [good], output: out, outlines: folder, formats: [.md, .html]))
        #expect(result.writtenCount == 0)
        let paths = result.diagnostics.filter { $0.severity == .error && $0.message.hasPrefix("cannot write this file") }.map(\.location.path)
        #expect(paths.sorted() == Self.documents.map { out.appendingPathComponent($0).relativePath }, "\(result.diagnostics)")
    }

    @Test func reportThrowsOnBrokenTemplatesAndWritesNothing() throws {
        let (folder, good, _) = try Self.sessionFiles()
        defer { TemporaryFolder.remove(folder) }
        let templates = folder.appendingPathComponent("templates/sessions")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{#open}} never closed".utf8).write(to: templates.appendingPathComponent("layout.html"))
        let out = folder.appendingPathComponent("reports")
        #expect(throws: TemplateError.self) {
            try Loupe.report(ReportRequest(files: [good], output: out, templates: templates.deletingLastPathComponent(),
                                           outlines: folder, formats: [.md, .html]))
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    static func spec(_ distance: String, optotype: OptotypeKind = .sloan, paper: Paper = .a4) throws -> ChartSpec {
        try ChartSpec(distance: ViewingDistance(parsing: distance), optotype: optotype, paper: paper)
    }

    @Test func chartWritesOnePDF() throws {
        let folder = try TemporaryFolder.make("facade-chart")
        defer { TemporaryFolder.remove(folder) }
        let out = folder.appendingPathComponent("chart.pdf")
        let result = Loupe.chart(ChartRequest(spec: try Self.spec("40cm"), format: .pdf, output: out))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.files == [out.relativePath])
        let data = try #require(FileManager.default.contents(atPath: out.path))
        #expect(data.starts(with: Data("%PDF-".utf8)))
        #expect(Self.files(in: folder) == ["chart.pdf"])
    }

    @Test func chartWritesOneSVGPerSheetBesideTheNamedFile() throws {
        let folder = try TemporaryFolder.make("facade-chart")
        defer { TemporaryFolder.remove(folder) }
        let out = folder.appendingPathComponent("far.svg")
        let result = Loupe.chart(ChartRequest(spec: try Self.spec("3m", optotype: .tumblingE, paper: .a3), format: .svg, output: out))
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.files.count > 2)
        let names = result.files.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(Self.files(in: folder) == names.sorted())
        #expect(names.allSatisfy { $0.hasPrefix("far-") && $0.hasSuffix(".svg") }, "\(names)")
        for path in result.files {
            let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
            #expect(text.contains("<svg"))
        }
    }

    @Test func chartReportsAFileThatCannotBeWritten() throws {
        let folder = try TemporaryFolder.make("facade-chart")
        defer { TemporaryFolder.remove(folder) }
        let out = folder.appendingPathComponent("missing/chart.pdf")
        let result = Loupe.chart(ChartRequest(spec: try Self.spec("40cm"), format: .pdf, output: out, outputName: "named.pdf"))
        #expect(!result.succeeded)
        #expect(result.files.isEmpty)
        let error = try #require(result.diagnostics.last)
        #expect(error.severity == .error && error.location.path == "named.pdf" && error.message.hasPrefix("cannot write the chart: "),
                "\(result.diagnostics)")
    }
}
