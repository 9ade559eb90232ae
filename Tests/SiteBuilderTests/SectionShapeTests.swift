import Deck
import Diagnostics
import Foundation
import ImagePipeline
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

/// Card sections and card pages write their context's shape straight from the model
/// (`DeckPages.sectionShape`, `DeckPages.cardEntries`) instead of walking their dictionary; it must be
/// exactly the walk of that dictionary, or a skeleton would be filled with texts in the wrong places.
@Suite("Card section and card page shapes")
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
                    context["site"] = renderer.siteContextValues
                    #expect(DeckPages.sectionShape(section, index: index, of: count, site: walked).matches(context), "\(site) \(index)/\(count)")
                }
            }
        }
    }

    /// Every card page of the example deck and the real deck, with and without images, captions, notes,
    /// slides, neighbours; the site values as a build makes them.
    @Test func everyCardPageWritesTheShapeOfItsContext() throws {
        var decks = [SitePagesGoldenTests.packageRoot.appendingPathComponent("content/deck")]
        if let real = SharedData.folder("deck") { decks.append(real) }
        let drawing = ProcessedImage(sourceFormat: "svg", contentHash: String(repeating: "ab", count: 32),
                                     renditions: [Rendition(format: .webp, width: 80, height: 60, byteCount: 1)],
                                     fallback: Rendition(format: .png, width: 80, height: 60, byteCount: 1))
        let renderer = try Self.renderer(site: ["title": "Deck", "description": "", "language": "en", "deckName": "d", "hasSearch": "true",
                                                "hasBreeds": "false", "hasCharts": "true", "hasStudy": "true", "hasAnki": "false"])
        var checked = 0
        for folder in decks {
            var log = DiagnosticLog()
            let deck = try #require(DeckReader(deckDirectory: folder, displayDirectory: "deck").read(log: &log))
            let files = Set(deck.cards.flatMap { $0.images.map(\.file) })
            // Every other image published, so cards have none, some or all of theirs.
            let published = Dictionary(uniqueKeysWithValues: files.sorted().enumerated().filter { $0.offset % 2 == 0 }.map {
                ($0.element, PublishedImage(image: drawing, sourceName: $0.element, folder: "images/"))
            })
            for category in deck.categories {
                for topic in category.topics {
                    for (position, card) in topic.cards.enumerated() {
                        let sectionHTML = try CardSectionHTML.render(card, renderer: renderer)
                        let note: [String: Any]? = position % 3 == 0 ? ["html": "<p>a &lt;note&gt;</p>", "count": position + 1] : nil
                        let page = PageRenderer.Page(title: card.title, root: SitePaths.root(of: SitePaths.card(card)), kind: "card")
                        let entries = try #require(DeckPages.cardEntries(card, in: category, topic, position: position, sectionHTML: sectionHTML,
                                                                         note: note, images: published))
                        let context = DeckPages.card(card, in: category, topic, position: position, sectionHTML: sectionHTML, note: note,
                                                     images: published)
                        let shape = try #require(renderer.pageShape("card", entries: entries, page: page))
                        #expect(shape.matches(renderer.pageContext(context, page: page)), "\(card.id)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked >= 20)
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
                context["site"] = renderer.siteContextValues
                #expect(DeckPages.sectionShape(section, index: index, of: sections.count, site: walked).matches(context), "\(card.id) \(index)")
                checked += 1
            }
        }
        return checked
    }
}
