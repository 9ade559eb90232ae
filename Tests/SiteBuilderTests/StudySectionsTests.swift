import Foundation
@testable import SiteBuilder
import Testing
import TestSupport

/// Study mode shows each card's sections rendered through the same `card-section` template as the
/// card page: every question is there, and the HTML is the card page's (one heading level down).
@Suite("Study mode sections are the card pages' sections")
struct StudySectionsTests {
    @Test func everySectionOfEveryCardIsInStudyModeAsOnItsCardPage() throws {
        let root = try TemporaryFolder.make("loupe-study-sections")
        defer { TemporaryFolder.remove(root) }
        let package = SitePagesGoldenTests.packageRoot
        var options = BuildOptions(content: package.appendingPathComponent("content"), templates: package.appendingPathComponent("Templates"),
                                   output: root.appendingPathComponent("site"), includeSessions: false)
        options.imageCache = root.appendingPathComponent("cache")
        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        let site = options.output
        var checked = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: site.appendingPathComponent("study/topics").path) where file.hasSuffix(".js") {
            let script = try String(contentsOf: site.appendingPathComponent("study/topics/" + file), encoding: .utf8)
            // studyTopicLoaded("<key>", {…});
            let start = try #require(script.range(of: ", {")).lowerBound
            let json = script[script.index(start, offsetBy: 2)...].dropLast(3)
            let cards = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
            for (id, card) in cards {
                let sections = try #require(card["s"] as? [String])
                let page = try String(contentsOf: site.appendingPathComponent("deck/\(id).html"), encoding: .utf8)
                #expect(sections.count == page.components(separatedBy: "class=\"card-section\"").count - 1, "\(id)")
                for section in sections {
                    #expect(section.contains("<h3>") || !page.contains("<h2>"), "\(id): a section without its question: \(section)")
                    let asOnPage = section.replacingOccurrences(of: "<h3>", with: "<h2>").replacingOccurrences(of: "</h3>", with: "</h2>")
                    #expect(page.contains(asOnPage.trimmingCharacters(in: .whitespacesAndNewlines)), "\(id): study section differs from the card page: \(section)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }
}
