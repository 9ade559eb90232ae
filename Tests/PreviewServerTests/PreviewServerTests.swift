import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoupeKit
@testable import PreviewServer
@testable import SiteBuilder
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `loupe serve` on loopback: pages, folder URLs, the live-reload event after a change, and the
/// overlay after a broken change while the last good site stays served.
@Suite("Preview server", .serialized)
struct PreviewServerTests {
    static let header = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\n"

    /// A session whose own limits (60 s by default on Linux) do not cut the request short.
    static let patientSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 900
        configuration.timeoutIntervalForResource = 900
        return URLSession(configuration: configuration)
    }()

    /// A content folder, an output folder beside it, and a running server on a free port.
    final class Fixture {
        let root: URL
        let content: URL
        let server: PreviewServer
        let port: UInt16

        init(deck: String) async throws {
            root = try TemporaryFolder.make("serve")
            content = root.appendingPathComponent("content")
            try FileManager.default.createDirectory(at: content.appendingPathComponent("deck"), withIntermediateDirectories: true)
            try Data(deck.utf8).write(to: content.appendingPathComponent("deck/deck.tsv"))
            var options = BuildOptions(content: content, templates: content.appendingPathComponent("templates"),
                                       output: root.appendingPathComponent("site"))
            options.defaultTemplates = Loupe.builtInTemplates
            server = PreviewServer(options: options, host: "127.0.0.1", port: 0, watching: [content])
            port = try await server.start()
        }

        func stop() async {
            await server.stop()
            try? FileManager.default.removeItem(at: root)
        }

        func write(deck: String) throws {
            try Data(deck.utf8).write(to: content.appendingPathComponent("deck/deck.tsv"))
        }

        func get(_ path: String) async throws -> (status: Int, body: String) {
            let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
            // Generous: in a full `swift test` run, hundreds of tests share this process's two cooperative
            // threads with the in-process server, which may wait minutes for one (it answers at once otherwise).
            let (data, response) = try await PreviewServerTests.patientSession.data(for: URLRequest(url: url, timeoutInterval: 900))
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }

        /// A `HEAD` request: the status, the Content-Length header and how many body bytes came.
        func head(_ path: String) async throws -> (status: Int, length: String?, received: Int) {
            var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")), timeoutInterval: 900)
            request.httpMethod = "HEAD"
            let (data, response) = try await PreviewServerTests.patientSession.data(for: request)
            let http = response as? HTTPURLResponse
            return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Content-Length"), data.count)
        }
    }

    /// Runs `body` with a server on a one-card deck; the server is stopped and the folders removed after.
    func withServer(_ body: (Fixture) async throws -> Void) async throws {
        let fixture = try await Fixture(deck: Self.header + "Eyes\tLens\tCataract\t# Q?\tCloudy lens\n")
        do { try await body(fixture) } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    @Test func servesPagesWithTheReloadScriptAndFolderIndexes() async throws {
        try await withServer { fixture in
            let home = try await fixture.get("/")
            #expect(home.status == 200)
            #expect(home.body.contains("<script src=\"/__loupe/live.js\"></script></body>"))
            let head = try await fixture.head("/")
            #expect(head.status == 200 && head.received == 0)
            #expect(head.length == String(home.body.utf8.count), "HEAD gives GET's length")
            let bare = try EventStreamClient(port: fixture.port, path: "/deck/eyes/lens")
            #expect(bare.wait(for: "Location: /deck/eyes/lens/\r\n", seconds: 600), "a folder without its slash is redirected: \(bare.received)")
            let topic = try await fixture.get("/deck/eyes/lens/")
            #expect(topic.status == 200)
            #expect(topic.body.contains("Cataract"))
            let script = try await fixture.get("/__loupe/live.js")
            #expect(script.body.contains("EventSource"))
            #expect(try await fixture.get("/../etc/passwd").status == 404)
            #expect(try await fixture.get("/.loupe/manifest").status == 404)
        }
    }

    @Test func aChangedCellRebuildsAndSendsTheReloadEvent() async throws {
        try await withServer { fixture in
            let events = try EventStreamClient(port: fixture.port)
            #expect(events.wait(for: ": connected", seconds: 600))
            #expect(try await fixture.get("/deck/eyes/lens/cataract.html").body.contains("Cloudy lens"))

            try fixture.write(deck: Self.header + "Eyes\tLens\tCataract\t# Q?\tOpaque lens\n")
            #expect(events.wait(for: "event: reload\n", seconds: 600), "the reload event arrives: \(events.received)")
            let card = try await fixture.get("/deck/eyes/lens/cataract.html").body
            #expect(card.contains("Opaque lens"))
            #expect(!card.contains("Cloudy lens"))
        }
    }

    /// Open pages reload after a build that changed a file, or that fixed the problems shown; not after
    /// one that found nothing changed or changed no file (a deck saved again as it was).
    @Test func pagesReloadOnlyWhenAFileChangedOrProblemsWentAway() {
        var report = BuildReport(diagnostics: [], pageCount: 3, fileCount: 9)
        report.changedFileCount = 2
        #expect(PreviewServer.reloads(after: report, hadProblems: false))
        report.changedFileCount = 0
        #expect(!PreviewServer.reloads(after: report, hadProblems: false), "a build that changed no file reloaded")
        #expect(PreviewServer.reloads(after: report, hadProblems: true), "the overlay of the failed build stayed")
        report.isUpToDate = true
        #expect(!PreviewServer.reloads(after: report, hadProblems: false))
        #expect(PreviewServer.reloads(after: report, hadProblems: true))
    }

    @Test func aBrokenDeckShowsTheOverlayAndKeepsTheLastGoodSite() async throws {
        try await withServer { fixture in
            let events = try EventStreamClient(port: fixture.port)
            #expect(events.wait(for: ": connected", seconds: 600))

            // No Category column: an error located in the header row.
            try fixture.write(deck: "Kategory\tTopic\tSubtopic\tHeader 1\tInfo1\nEyes\tLens\tCataract\t# Q?\t<script>x</script>\n")
            #expect(events.wait(for: "event: problems\n", seconds: 600), "the problems event arrives: \(events.received)")
            let card = try await fixture.get("/deck/eyes/lens/cataract.html").body
            #expect(card.contains("Cloudy lens"), "the last good site stays served")
            #expect(card.contains("id=\"loupe-build-errors\""), "the overlay is shown")
            let location = try #require(fixture.server.currentProblems.first?.location)
            #expect(location.path.hasSuffix("deck/deck.tsv"))
            #expect(location.line == 1 && location.column != nil)
            #expect(card.contains("deck/deck.tsv:1:\(location.column ?? 0): error:"), "the overlay names file, line and column")
            let problems = try await fixture.get("/__loupe/problems").body
            #expect(problems.contains("deck/deck.tsv:1:"))

            try fixture.write(deck: Self.header + "Eyes\tLens\tCataract\t# Q?\tFixed lens\n")
            #expect(events.wait(for: "event: reload\n", seconds: 600))
            let fixed = try await fixture.get("/deck/eyes/lens/cataract.html").body
            #expect(fixed.contains("Fixed lens"))
            #expect(!fixed.contains("loupe-build-errors"))
        }
    }

    /// A deck saved by truncating it and then writing it (as a script that builds the export in memory
    /// first does) is built once it is written: the empty file in between is never reported.
    @Test func aDeckTruncatedAndThenWrittenRebuildsWithoutAnOverlay() async throws {
        try await withServer { fixture in
            let events = try EventStreamClient(port: fixture.port)
            #expect(events.wait(for: ": connected", seconds: 600))
            let file = try #require(FileHandle(forWritingAtPath: fixture.content.appendingPathComponent("deck/deck.tsv").path))
            try file.truncate(atOffset: 0)
            // Far longer than the watcher's 30 ms quiet period: a build of the empty deck would fail now.
            try await Task.sleep(for: .milliseconds(500))
            try file.write(contentsOf: Data((Self.header + "Eyes\tLens\tCataract\t# Q?\tRewritten lens\n").utf8))
            try file.close()
            #expect(events.wait(for: "event: reload\n", seconds: 600), "the reload event arrives: \(events.received)")
            #expect(!events.received.contains("event: problems"), "the half-written deck was not reported: \(events.received)")
            #expect(fixture.server.currentProblems.isEmpty)
            #expect(try await fixture.get("/deck/eyes/lens/cataract.html").body.contains("Rewritten lens"))
        }
    }

    @Test func aFileBeingWrittenHoldsTheChangeUntilItIsClosedOrQuiet() {
        let start = ContinuousClock.now
        var writes = OpenWrites(quietPeriod: .seconds(1))
        #expect(writes.areSettled(at: start), "nothing written")
        writes.note(UInt32(IN_MODIFY), path: "/c/deck/deck.tsv", at: start)
        #expect(!writes.areSettled(at: start + .milliseconds(500)), "truncated, not yet closed")
        writes.note(UInt32(IN_CLOSE_WRITE), path: "/c/deck/deck.tsv", at: start + .milliseconds(600))
        #expect(writes.areSettled(at: start + .milliseconds(600)), "closed")
        writes.note(UInt32(IN_MODIFY), path: "/c/about.md", at: start)
        writes.note(UInt32(IN_MODIFY), path: "/c/about.md", at: start + .milliseconds(900))
        #expect(!writes.areSettled(at: start + .milliseconds(1_500)), "modified 600 ms ago")
        #expect(writes.areSettled(at: start + .milliseconds(1_900)), "left alone for the quiet period")
        var other = OpenWrites(quietPeriod: .seconds(1))
        other.note(UInt32(IN_MODIFY), path: "/c/loupe.yml", at: start)
        other.note(UInt32(IN_DELETE), path: "/c/loupe.yml", at: start + .milliseconds(10))
        #expect(other.areSettled(at: start + .milliseconds(10)), "removed")
        other.note(UInt32(IN_MODIFY), path: "/c/deck/deck.tsv", at: start)
        other.note(UInt32(IN_MOVED_FROM), path: "/c/deck/deck.tsv", at: start + .milliseconds(10))
        #expect(other.areSettled(at: start + .milliseconds(10)), "renamed away")
        other.note(UInt32(IN_ATTRIB), path: "/c/deck/deck.tsv", at: start)
        #expect(other.areSettled(at: start), "a change of permissions is no write")
    }

    @Test func theOverlayEscapesWhatItShows() {
        let diagnostic = Diagnostic.error("bad <script>alert(1)</script> & more", at: SourceLocation(path: "deck/<x>.tsv", line: 2, column: 3))
        let page = PreviewServer.overlayPreview(for: [diagnostic])
        #expect(page.contains("deck/&lt;x&gt;.tsv:2:3: error: bad &lt;script&gt;alert(1)&lt;/script&gt; &amp; more"))
        #expect(!page.contains("<script>alert"))
    }
}
