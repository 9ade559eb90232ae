import Diagnostics
import Foundation
import Testing
import TestSupport
@testable import SessionReports

@Suite("Golden session documents")
struct GoldenTests {
    /// One document of each kind, from the repository's own example content.
    static let goldenDocuments = [
        "acuity/s-2025-03-14-0930.md",
        "acuity/chart-2025-04-02-near.md",
        "notes/bss-2025-03-14-bed-12.md",
        "incidents/inc-2025-05-06-02.md",
        "incident-digests/2025-05-06.md",
        "games/u-7f3a91-g004.md",
        "game-progress/u-7f3a91.md",
        // Files exactly as the apps write them: a 12-hour-clock per-eye acuity share (and its Share All repeat),
        // vjot's Documents folder, the games app's Firebase export.
        "acuity/etdrs_20260702_143002.md",
        "incidents/6f1c2a4e-0000-4000-8000-000000000001.md",
        "incident-digests/2026-07-02.md",
        "games/nq7zj0001xyzuser-nq7zk0000abcdefghij.md",
        "game-progress/nq7zj0001xyzuser.md",
        "index.md",
    ]

    static func render() throws -> [String: String] {
        var log = DiagnosticLog()
        var reporter = try ReportSupport.reporter(breedLinks: ["abys": "breeds/abys.html", "beng": "breeds/beng.html"],
                                                  breedNames: ["abys": "Abyssinian", "beng": "Bengal"])
        reporter.breedAliases = [SessionReporter.breedKey("Bengal"): "beng", SessionReporter.breedKey("Abyssinian"): "abys"]
        reporter.timeZone = TimeZone(identifier: "Europe/Dublin") ?? .current // content/loupe.yml's time_zone
        let files = reporter.documents(forContent: ReportSupport.repository.appendingPathComponent("content"), log: &log)
        #expect(log.all.isEmpty, "\(log.all.map(\.description))")
        return Dictionary(files.map { ($0.relativePath, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: goldenDocuments)
    func matchesGolden(path: String) throws {
        let files = try Self.render()
        let actual = try #require(files[path], "no document \(path); have \(files.keys.sorted())")
        let golden = ReportSupport.goldenFolder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        try Golden.check(actual, against: golden)
    }

    @Test func everySessionHasMarkdownAndHTMLAndTheIndexLinksThemAll() throws {
        let files = try Self.render()
        let htmlDocuments = files.keys.filter { $0.hasSuffix(".html") && $0 != "index.html" }
        // acuity 3 + notes 1 + incidents 3 + digest 1 + games 18 + progress 2, and the apps' own files:
        // 1 acuity visit, 2 vjot incidents and their 2 days, 7 Firebase games and their progress.
        #expect(htmlDocuments.count == 3 + 1 + 3 + 1 + 18 + 2 + 1 + 2 + 2 + 7 + 1)
        for path in htmlDocuments {
            #expect(files[path.replacingOccurrences(of: ".html", with: ".md")] != nil)
            #expect(files["index.html"]?.contains("href=\"\(path)\"") == true, "index does not link \(path)")
        }
    }

    @Test func renderingIsDeterministic() throws {
        #expect(try Self.render() == Self.render())
    }
}
