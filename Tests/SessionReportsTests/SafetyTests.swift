import Diagnostics
import Foundation
import Testing
@testable import SessionReports

@Suite("Privacy and safety of session documents")
struct SafetyTests {
    @Test func scriptInANoteRendersAsText() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outline = ReportSupport.repository.appendingPathComponent("content/outlines/barium-swallow.json")
        let session = try ReportSupport.write("""
        {
          "format": "loupe-note-session", "version": 1, "id": "x1", "outline": "barium-swallow",
          "clinician": "<img src=x onerror=alert(1)>",
          "trials": [{ "inputs": {
            "comment": { "value": "<script>alert('hi')</script> **bold** [link](javascript:alert(1))" },
            "presentation": { "other": "</td><script>x()</script>" }
          } }]
        }
        """, "note.json", in: folder)
        var log = DiagnosticLog()
        let files = try ReportSupport.reporter().documents(forFiles: [outline, session], log: &log)
        #expect(log.all.isEmpty, "\(log.all)")
        let html = try #require(files.first { $0.relativePath == "notes/x1.html" }?.contents)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<strong>bold"))
        #expect(!html.contains("href=\"javascript"))
        #expect(html.contains("&lt;script&gt;alert"))
        let markdown = try #require(files.first { $0.relativePath == "notes/x1.md" }?.contents)
        #expect(!markdown.contains("<script"))
    }

    @Test func noEmailAddressIsEverRendered() throws {
        var log = DiagnosticLog()
        let export = ReportSupport.repository.appendingPathComponent("content/progress/games.json")
        let files = try ReportSupport.reporter().documents(forFiles: [export], log: &log)
        #expect(!files.isEmpty)
        for file in files {
            #expect(!file.contents.contains("@example"), "\(file.relativePath)")
            #expect(!file.contents.lowercased().contains("email"), "\(file.relativePath)")
        }
    }

    @Test func documentsAreStandaloneAndNotIndexed() throws {
        var log = DiagnosticLog()
        let files = try ReportSupport.reporter().documents(
            forContent: ReportSupport.repository.appendingPathComponent("content"), log: &log)
        for file in files where file.relativePath.hasSuffix(".html") {
            #expect(file.contents.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"))
            #expect(file.contents.contains("@media print"))
            // Only photos embedded as data: URIs (vjot's snaps); nothing is loaded from anywhere.
            #expect(!file.contents.replacingOccurrences(of: "src=\"data:image/jpeg;base64,", with: "")
                .replacingOccurrences(of: "src=\"data:image/png;base64,", with: "").contains("src="),
                    "\(file.relativePath) loads something")
            #expect(!file.contents.contains("href=\"http"), "\(file.relativePath) links out")
            #expect(!file.contents.contains("<link"), "\(file.relativePath) loads a stylesheet")
            #expect(file.contents.hasSuffix("</html>\n"))
            #expect(!file.contents.contains("\r"))
        }
    }

    @Test func breedLinksOnlyWhenProvided() throws {
        let incident = ReportSupport.repository.appendingPathComponent("content/sessions/incident-2025-05-06-01.json")
        var log = DiagnosticLog()
        let linked = try ReportSupport.reporter(breedLinks: ["abys": "breeds/abys.html"], breedNames: ["abys": "Abyssinian"])
            .documents(forFiles: [incident], log: &log)
        let plain = try ReportSupport.reporter().documents(forFiles: [incident], log: &log)
        let linkedHTML = try #require(linked.first { $0.relativePath == "incidents/inc-2025-05-06-01.html" }?.contents)
        let plainHTML = try #require(plain.first { $0.relativePath == "incidents/inc-2025-05-06-01.html" }?.contents)
        #expect(linkedHTML.contains("<a href=\"../../breeds/abys.html\">Abyssinian</a>"))
        #expect(!plainHTML.contains("breeds/abys.html"))
        #expect(plainHTML.contains("abys"))
    }

    @Test func totalsInTheGivenLocale() throws {
        let incident = ReportSupport.repository.appendingPathComponent("content/sessions/incident-2025-05-06-02.json")
        var log = DiagnosticLog()
        let irish = try ReportSupport.reporter().documents(forFiles: [incident], log: &log)
        let german = try ReportSupport.reporter(locale: "de_DE").documents(forFiles: [incident], log: &log)
        let irishMD = try #require(irish.first { $0.relativePath == "incidents/inc-2025-05-06-02.md" }?.contents)
        let germanMD = try #require(german.first { $0.relativePath == "incidents/inc-2025-05-06-02.md" }?.contents)
        #expect(irishMD.contains("€213.20"))
        #expect(germanMD.contains("213,20\u{00A0}€"))
        #expect(irishMD.contains("EMERGENCY"))
        #expect(irishMD.contains("marked for deletion"))
    }

    @Test func aBadFileDoesNotStopTheOthers() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try ReportSupport.write("{ \"format\": \"loupe-incident\", \"id\": 3 }", "bad.json", in: folder)
        let good = ReportSupport.repository.appendingPathComponent("content/sessions/incident-2025-05-06-03.json")
        var log = DiagnosticLog()
        let files = try ReportSupport.reporter().documents(forFiles: [bad, good], log: &log)
        #expect(log.hasErrors)
        #expect(files.contains { $0.relativePath == "incidents/inc-2025-05-06-03.html" })
        #expect(!files.contains { $0.relativePath.contains("bad") })
    }

    @Test func missingTemplateIsReportedOnce() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ReportSupport.write("<html>{{{body}}}</html>", "sessions/layout.html", in: folder)
        let reporter = SessionReporter(templates: try .init(directory: folder))
        var log = DiagnosticLog()
        let files = reporter.documents(forContent: ReportSupport.repository.appendingPathComponent("content"), log: &log)
        #expect(files.isEmpty)
        #expect(log.errors.count == 7) // acuity, note, incident, incident-digest, game, game-progress, index
        #expect(log.errors.allSatisfy { $0.message.contains("is missing") })
    }
}
