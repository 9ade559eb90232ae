import Foundation
import Testing
import TestSupport

@Suite("loupe build and check, end to end", .serialized)
struct BuildCommandTests {
    let templates = LoupeBinary.packageRoot.appendingPathComponent("Templates").path

    @Test func buildsTheExampleContent() throws {
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("site")
        let run = try LoupeBinary.run(["build", "--content", "content", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "the example content should build cleanly: \(run.stderr)")
        let files = LoupeBinary.snapshot(out)
        #expect(files["index.html"] != nil && files["about.html"] != nil && files["assets/site.css"] != nil)
        let cards = files.keys.filter { $0.hasPrefix("deck/") && !$0.hasSuffix("index.html") && $0.hasSuffix(".html") }
        #expect(cards.count >= 30)
        // No page may make a network request: no absolute http(s) in src attributes or CSS urls.
        for (path, data) in files where path.hasSuffix(".html") || path.hasSuffix(".css") || path.hasSuffix(".js") {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("src=\"http"), "\(path) loads from the network")
            #expect(!text.contains("url(http"), "\(path) loads from the network")
            #expect(!text.contains("@import"), "\(path) imports a stylesheet")
        }
    }

    @Test(.enabled(if: LoupeBinary.sharedData != nil, SharedData.absent()))
    func buildsTheRealExportIntoOnePagePerCard() throws {
        let shared = try #require(LoupeBinary.sharedData)
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("site")
        let run = try LoupeBinary.run(["build", "--content", shared.path, "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains(": error:"))
        let files = LoupeBinary.snapshot(out)
        let cards = files.keys.filter { $0.hasPrefix("deck/") && !$0.hasSuffix("/index.html") && $0.hasSuffix(".html") }
        #expect(cards.count == 119)
        // The real Cat API and Dog API responses: every breed gets a page.
        let breeds = files.keys.filter { $0.hasPrefix("breeds/") && $0.hasSuffix(".html") && !$0.hasSuffix("index.html") }
        #expect(breeds.filter { $0.hasPrefix("breeds/cat/") }.count == 67)
        #expect(breeds.filter { $0.hasPrefix("breeds/dog/") }.count == 170)
        // Breed pages are in the search index.
        let searchDocs = files.filter { $0.key.hasPrefix("search/docs/") && $0.key.hasSuffix(".json") }
            .map { String(decoding: $0.value, as: UTF8.self) }.joined()
        #expect(searchDocs.contains("breeds/cat/abys.html"))
    }

    @Test func noSessionsLeavesPersonalDocumentsOut() throws {
        let base = try LoupeBinary.temporaryFolder()
        let with = base.appendingPathComponent("with"), without = base.appendingPathComponent("without")
        #expect(try LoupeBinary.run(["build", "--quiet", "--out", with.path]).status == 0)
        #expect(try LoupeBinary.run(["build", "--quiet", "--no-sessions", "--out", without.path]).status == 0)
        let withFiles = LoupeBinary.snapshot(with), withoutFiles = LoupeBinary.snapshot(without)
        #expect(withFiles.keys.contains { $0.hasPrefix("sessions/") })
        #expect(!withoutFiles.keys.contains { $0.hasPrefix("sessions/") })
        // Session documents are personal: noindex, and never in the search index or the navigation.
        for (path, data) in withFiles where path.hasPrefix("sessions/") && path.hasSuffix(".html") {
            #expect(String(decoding: data, as: UTF8.self).contains("noindex"), "\(path) lacks noindex")
        }
        let index = withFiles.filter { $0.key.hasPrefix("search/") }.map { String(decoding: $0.value, as: UTF8.self) }.joined()
        #expect(!index.contains("sessions/"))
        let home = String(decoding: withFiles["index.html"] ?? Data(), as: UTF8.self)
        #expect(!home.contains("sessions/"))
        // So are the Progress and Notes pages; the Study page and the contents are not.
        for (path, isPersonal) in [("progress.html", true), ("notes.html", true), ("study.html", false), ("index.html", false)] {
            let page = String(decoding: withFiles[path] ?? Data(), as: UTF8.self)
            #expect(!page.isEmpty && page.contains("noindex") == isPersonal, "\(path): noindex should be \(isPersonal)")
        }
    }

    @Test func outputIsDeterministic() throws {
        let base = try LoupeBinary.temporaryFolder()
        for name in ["a", "b"] {
            let run = try LoupeBinary.run(["build", "--quiet", "--out", base.appendingPathComponent(name).path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let a = LoupeBinary.snapshot(base.appendingPathComponent("a")), b = LoupeBinary.snapshot(base.appendingPathComponent("b"))
        #expect(a.count == b.count && a.count > 40)
        for (path, data) in a { #expect(b[path] == data, "\(path) differs between two builds") }
    }

    /// Pages are rendered by filling in skeletons made once per context shape; every file must be what
    /// rendering each page through swift-mustache gives (`LOUPE_DIRECT_MUSTACHE=1`).
    @Test func skeletonsRenderEveryFileAsSwiftMustacheDoes() throws {
        try expectSkeletonsMatchDirectRendering(content: LoupeBinary.packageRoot.appendingPathComponent("content"))
    }

    @Test(.enabled(if: LoupeBinary.sharedData != nil, SharedData.absent()))
    func skeletonsRenderTheRealDeckAsSwiftMustacheDoes() throws {
        try expectSkeletonsMatchDirectRendering(content: try #require(LoupeBinary.sharedData))
    }

    func expectSkeletonsMatchDirectRendering(content: URL) throws {
        let base = try LoupeBinary.temporaryFolder()
        defer { TemporaryFolder.remove(base) }
        var sites: [[String: Data]] = []
        for direct in ["0", "1"] {
            let out = base.appendingPathComponent("site-\(direct)")
            let run = try LoupeBinary.run(["build", "--quiet", "--content", content.path, "--out", out.path],
                                          environment: ["LOUPE_DIRECT_MUSTACHE": direct])
            #expect(run.status == 0, "\(run.stderr)")
            sites.append(LoupeBinary.snapshot(out).filter { !$0.key.hasPrefix(".loupe/") })
        }
        #expect(sites[0].count == sites[1].count && sites[0].count > 100)
        for (path, data) in sites[1] { #expect(sites[0][path] == data, "\(path) differs from swift-mustache's rendering") }
    }

    @Test func failedBuildLeavesThePreviousSiteByteIdentical() throws {
        let base = try LoupeBinary.temporaryFolder()
        let out = base.appendingPathComponent("site")
        #expect(try LoupeBinary.run(["build", "--quiet", "--out", out.path]).status == 0)
        let before = LoupeBinary.snapshot(out)
        let broken = try LoupeBinary.content(deck: "this is not\ta deck\n")
        let run = try LoupeBinary.run(["build", "--content", broken.path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("deck/deck.tsv:1:1: error: no recognisable header row"))
        #expect(LoupeBinary.snapshot(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0 != "site" }
        #expect(leftovers.isEmpty, "staging folders left behind: \(leftovers)")
    }

    @Test func checkWritesNothingAndReportsEveryProblem() throws {
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("never")
        let content = try LoupeBinary.content(deck: "Category\tTopic\tSubtopic\tImage\tImage Caption\nC\tT\tS\t../x.png, gone.png\ta*b*c\nC\tT\t\"open\n",
                                              extra: ["loupe.yml": "title: [unclosed\n"])
        let run = try LoupeBinary.run(["check", "--content", content.path, "--templates", templates, "--out", out.path])
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(run.stderr.contains("loupe.yml:1:8: error: YAML syntax error") || run.stderr.contains("loupe.yml:2:1: error: YAML syntax error"), "\(run.stderr)")
        #expect(run.stderr.contains("deck/deck.tsv:3:5: error: quoted cell is never closed"))
        #expect(run.stderr.contains("deck/deck.tsv:2:4: warning: image name '../x.png'"))
    }

    @Test func checkPassesOnTheExampleContent() throws {
        let run = try LoupeBinary.run(["check"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func hostileCellsRenderAsInertText() throws {
        let deck = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\n"
            + "C\tT\t<script>alert(1)</script>\t# <img src=x onerror=alert(2)>\t\"- <svg onload=alert(3)>\n* [x](javascript:alert(4))\"\n"
        let content = try LoupeBinary.content(deck: deck)
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("site")
        let run = try LoupeBinary.run(["build", "--content", content.path, "--templates", templates, "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let files = LoupeBinary.snapshot(out)
        let page = try #require(files.first { $0.key.hasPrefix("deck/c/t/") && $0.key.hasSuffix(".html") && !$0.key.hasSuffix("index.html") })
        let html = String(decoding: page.value, as: UTF8.self)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<svg onload"))
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("Bad usage exits 2", arguments: [
        ["build", "--no-such-flag"], ["build", "--deck-encoding", "ebcdic"], ["frobnicate"], ["build", "--content", "content", "--out", "content/x/.."],
        ["chart", "--distance", "0m", "--out", "{folder}/never.pdf"], ["chart", "--distance=-3m", "--out", "{folder}/never.pdf"],
        ["chart", "--distance", "NaNm", "--out", "{folder}/never.pdf"], ["chart", "--distance", "3m", "--paper", "b5", "--out", "{folder}/never.pdf"],
        ["chart", "--distance", "3m", "--rows=-0.3..+1.0", "--out", "{folder}/never.pdf"], ["chart", "--distance", "3m", "--scale", "1.2", "--out", "{folder}/never.pdf"],
        ["report", "--no-such-flag"],
    ])
    func badUsage(arguments: [String]) throws {
        // `{folder}` is a fresh temporary folder, which must stay empty.
        let folder = try LoupeBinary.temporaryFolder("bad-usage")
        let run = try LoupeBinary.run(arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder.path) })
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(!run.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments) wrote a file")
    }

    @Test func chartWritesACalibratedPDF() throws {
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("chart.pdf")
        let run = try LoupeBinary.run(["chart", "--distance", "40cm", "--optotype", "sloan", "--sequence", "1", "--paper", "a4", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let pdf = try #require(FileManager.default.contents(atPath: out.path))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/PrintScaling /None"))
    }

    @Test func missingContentFolderIsInvalidInput() throws {
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("site")
        let run = try LoupeBinary.run(["build", "--content", "/nonexistent/content", "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/nonexistent/content: error: content folder not found"))
    }

    @Test func helpOnEveryCommand() throws {
        for command in [["--help"], ["build", "--help"], ["check", "--help"]] {
            let run = try LoupeBinary.run(command)
            #expect(run.status == 0)
            #expect(run.stdout.contains("USAGE"))
        }
    }
}
