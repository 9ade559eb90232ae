import Deck
import Diagnostics
import Foundation
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

/// A card section's context shape is written straight from the section (`DeckPages.sectionShape`)
/// instead of walking its dictionary; it must be exactly the walk of that dictionary, or a skeleton
/// would be filled with texts in the wrong places.
@Suite("Card section shapes")
struct SectionShapeTests {
    @Test func everySectionOfTheExampleDeckWritesTheShapeOfItsContext() throws {
        #expect(try checkSections(of: SitePagesGoldenTests.packageRoot.appendingPathComponent("content/deck")) >= 20)
    }

    /// The real deck (Mac Roman, 119 cards, hostile-looking cells).
    @Test(.enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))
    func everySectionOfTheRealDeckWritesTheShapeOfItsContext() throws {
        #expect(try checkSections(of: try #require(SharedData.folder("deck"))) >= 300)
    }

    /// Empty headers and infos, one section and many, site values with every kind of text.
    @Test func edgeCasesWriteTheShapeOfTheirContexts() throws {
        let line = RichLine([TextRun("Dry *eye* & <b>"), TextRun("1. bold", style: .bold)])
        let sections = [CardSection(header: [], info: [], number: 1), CardSection(header: [line], info: [], number: 2),
                        CardSection(header: [], info: [.text(line)], number: 3), CardSection(header: [line, line], info: [.bullet(level: 2, line)], number: 4)]
        for site in [["title": "T"], ["title": "", "hasSearch": "true", "hasAnki": "false", "language": "fr", "é": "{{x}}"]] {
            let renderer = try Self.renderer(site: site)
            let walked = try #require(renderer.walkedSite)
            for count in 1...sections.count {
                for (index, section) in sections.prefix(count).enumerated() {
                    var context = DeckPages.section(section, index: index, of: count)
                    context["site"] = renderer.siteValuesForTests
                    #expect(DeckPages.sectionShape(section, index: index, of: count, site: walked).matches(context), "\(site) \(index)/\(count)")
                }
            }
        }
    }

    private static func renderer(site: [String: String]) throws -> PageRenderer {
        PageRenderer(templates: try TemplateLibrary(directory: SitePagesGoldenTests.packageRoot.appendingPathComponent("Templates")), site: site)
    }

    /// Checks every section of every card of the deck in `folder`; returns how many.
    private func checkSections(of folder: URL) throws -> Int {
        var log = DiagnosticLog()
        let deck = try #require(DeckReader(deckDirectory: folder, displayDirectory: "deck").read(log: &log))
        let renderer = try Self.renderer(site: ["title": "Deck", "description": "A <deck>", "hasSearch": "true", "hasBreeds": "false"])
        let walked = try #require(renderer.walkedSite)
        var checked = 0
        for card in deck.cards {
            let sections = card.sections
            for (index, section) in sections.enumerated() {
                var context = DeckPages.section(section, index: index, of: sections.count)
                context["site"] = renderer.siteValuesForTests
                #expect(DeckPages.sectionShape(section, index: index, of: sections.count, site: walked).matches(context), "\(card.id) \(index)")
                checked += 1
            }
        }
        return checked
    }
}
