import Foundation
@testable import SiteBuilder
import Testing
import TestSupport

/// Study mode shows each card's sections rendered through the same `card-section` template as the
/// card page: every question is there, and the HTML is exactly the card page's (the browser moves its
/// headings one level down).
@Suite("Study mode sections are the card pages' sections")
struct StudySectionsTests {
    @Test func everySectionOfEveryCardIsInStudyModeAsOnItsCardPage() throws {
        try checkStudySections(of: SitePagesGoldenTests.packageRoot.appendingPathComponent("content"), atLeast: 20)
    }

    /// The same on the real deck (Mac Roman, 119 cards, hostile-looking cells).
    @Test(.enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))
    func everySectionOfTheRealDeckIsInStudyModeAsOnItsCardPage() throws {
        try checkStudySections(of: try #require(SharedData.folder()), atLeast: 300)
    }

    private func checkStudySections(of content: URL, atLeast minimum: Int) throws {
        let root = try TemporaryFolder.make("loupe-study-sections")
        defer { TemporaryFolder.remove(root) }
        let package = SitePagesGoldenTests.packageRoot
        var options = BuildOptions(content: content, templates: package.appendingPathComponent("Templates"),
                                   output: root.appendingPathComponent("site"), includeSessions: false)
        options.imageCache = root.appendingPathComponent("cache")
        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        let site = options.output
        var checked = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: site.appendingPathComponent("study/topics").path) where file.hasSuffix(".js") {
            let script = try String(contentsOf: site.appendingPathComponent("study/topics/" + file), encoding: .utf8)
            for (id, card) in try Self.cards(inPart: script) {
                let sections = try #require(card["s"] as? [String])
                let page = try String(contentsOf: site.appendingPathComponent("deck/\(id).html"), encoding: .utf8)
                #expect(sections.count == page.components(separatedBy: "class=\"card-section\"").count - 1, "\(id)")
                for (index, section) in sections.enumerated() {
                    #expect(section.contains("<h2>") || !page.contains("<h2>"), "\(id): a section without its question: \(section)")
                    // Exactly the card page's section (study.js moves its headings one level down).
                    let onPage = "data-index=\"\(index + 1)\">\n" + section + "</section>"
                    #expect(page.contains(onPage), "\(id): study section \(index + 1) differs from the card page: \(section)")
                    checked += 1
                }
            }
        }
        #expect(checked > minimum, "\(checked) sections")
    }

    /// A topic longer than a part is split in order into parts of `StudyData.cardsPerPart` cards; the
    /// index names each card's part, and that file holds the card. Removing a card shifts the later
    /// cards into other parts: an updated site must still equal a full build.
    @Test func aLongTopicIsSplitIntoPartsThatHoldTheCardsTheIndexSays() throws {
        let project = try IncrementalBuildTests.Project()
        defer { TemporaryFolder.remove(project.root) }
        let count = StudyData.cardsPerPart * 2 + 8
        try project.edit(project.deck) { text in
            text + (1...count).map { "9\($0)\tAnatomy\tLong Topic\tLong card \($0)\tnil\tnil\t# Question \($0)?\tAnswer \($0)\r\n" }.joined()
        }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        let site = project.root.appendingPathComponent("site")
        func parts(of site: URL) throws -> [String: [Int: [String]]] {
            let text = try String(contentsOf: site.appendingPathComponent("study/cards.js"), encoding: .utf8)
            let json = text.dropFirst("window.LoupeStudyIndex = ".count).dropLast(2)
            let index = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(index["version"] as? Int == StudyData.version)
            let topics = try #require(index["topics"] as? [[Any]]), cards = try #require(index["cards"] as? [[Any]])
            var result: [String: [Int: [String]]] = [:]
            for card in cards {
                let id = try #require(card[0] as? String), topicIndex = try #require(card[2] as? Int)
                let topic = try #require(topics[topicIndex][2] as? String)
                let part = try #require(card[4] as? Int)
                result[topic, default: [:]][part, default: []].append(id)
                let script = try String(contentsOf: site.appendingPathComponent("study/topics/\(topic)/\(part).js"), encoding: .utf8)
                #expect(try Self.cards(inPart: script)[id] != nil, "\(id) is not in part \(part) of \(topic)")
            }
            for (topic, parts) in result {
                for (part, ids) in parts {
                    let script = try String(contentsOf: site.appendingPathComponent("study/topics/\(topic)/\(part).js"), encoding: .utf8)
                    #expect(try Set(Self.cards(inPart: script).keys) == Set(ids), "part \(part) of \(topic) holds other cards")
                }
            }
            return result
        }
        let long = try #require(try parts(of: site)["anatomy/long-topic"])
        #expect(long.keys.sorted() == [1, 2, 3])
        #expect(long.mapValues(\.count) == [1: StudyData.cardsPerPart, 2: StudyData.cardsPerPart, 3: 8])
        #expect(long[1]?.first?.hasSuffix("/long-card-1") == true && long[3]?.last?.hasSuffix("/long-card-\(count)") == true)

        try project.edit(project.deck) { $0.replacingOccurrences(of: "93\tAnatomy\tLong Topic\tLong card 3\tnil\tnil\t# Question 3?\tAnswer 3\r\n", with: "") }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(SiteGenerator.build(project.options(out: "cold", force: true)).succeeded)
        let updated = try project.files(of: "site").filter { $0.key.hasPrefix("study/") }
        let full = try project.files(of: "cold").filter { $0.key.hasPrefix("study/") }
        #expect(updated.keys.sorted() == full.keys.sorted())
        #expect(updated.filter { full[$0.key] != $0.value }.keys.sorted() == [])
        #expect(try parts(of: site)["anatomy/long-topic"]?.mapValues(\.count) == [1: StudyData.cardsPerPart, 2: StudyData.cardsPerPart, 3: 7])
    }

    /// The cards of a part file: `studyPartLoaded("<key>", {<id>: {…}, …});`.
    static func cards(inPart script: String) throws -> [String: [String: Any]] {
        #expect(script.hasPrefix("window.Loupe && window.Loupe.studyPartLoaded && window.Loupe.studyPartLoaded(\""))
        let start = try #require(script.range(of: ", {")).lowerBound
        let json = script[script.index(start, offsetBy: 2)...].dropLast(3)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
    }
}
