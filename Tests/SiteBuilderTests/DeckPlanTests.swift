import Deck
import Diagnostics
import Foundation
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

/// The plan (docs/architecture.md, "The pipeline"): every deck output once, each with a digest of
/// exactly its inputs, so an edit changes the digests of the files it touches and no others.
@Suite("The deck plan")
struct DeckPlanTests {
    /// The digest of every planned file of `project`'s content, by path.
    static func digests(of project: IncrementalBuildTests.Project) throws -> [String: String] {
        var log = DiagnosticLog()
        let options = project.options(out: "site")
        let content = try #require(SiteContent.load(options, log: &log))
        let renderer = PageRenderer(templates: try TemplateLibrary(directory: project.templates), site: ["title": "T"])
        let cardDigests = CardDigest.contents(of: content.deck, images: [:])
        var plan = DeckPlan.files(of: content, images: [:], cardDigests: cardDigests, renderer: renderer)
        var missing: [String] = []
        plan += SitePlan.studyFiles(of: content, cardDigests: cardDigests, hasTemplate: { _ in true }, missing: &missing)
        #expect(Set(plan.map(\.path)).count == plan.count, "a path is planned twice")
        #expect(plan.count(where: { $0.path.hasPrefix("deck/") && $0.path.hasSuffix(".html") }) >= content.deck.cardCount)
        var result: [String: String] = [:]
        for file in plan {
            // Index pages are digested from their context when made; cards and study parts from the model.
            result[file.path] = file.digest()?.text ?? "context"
        }
        return result
    }

    @Test func aPagesRootClimbsOncePerFolder() {
        var random = SeededRandom(seed: 9)
        for _ in 0..<2_000 {
            // Up to 120 characters: the real deck's card paths run to 85 bytes, the benchmark's to 90.
            let path = String((0..<random.next(below: 121)).map { _ in Array("ab/é-".unicodeScalars)[random.next(below: 5)] }.map(Character.init))
            let folders = max(0, path.split(separator: "/").count - 1)
            #expect(SitePaths.root(of: path) == String(repeating: "../", count: folders), "\(path)")
        }
        #expect(SitePaths.root(of: "deck/retina/amd/drusen.html") == "../../../")
        #expect(SitePaths.root(of: "index.html") == "")
        #expect(SitePaths.root(of: "deck/retina/pediatric-retina-disorders/familial-exudative-vitreoretinopathy-fevr.html") == "../../../")
    }

    /// A topic page's digest is taken from the model (it lists every card of the topic): it must
    /// change whenever the page's context does, and only then.
    @Test func aTopicPageDigestChangesExactlyWhenItsContextDoes() throws {
        let project = try IncrementalBuildTests.Project()
        defer { TemporaryFolder.remove(project.root) }
        var log = DiagnosticLog()
        let content = try #require(SiteContent.load(project.options(out: "site"), log: &log))
        let category = try #require(content.deck.categories.first { $0.topics.contains { $0.cards.count >= 2 } })
        let topic = try #require(category.topics.first { $0.cards.count >= 2 })
        func digests(_ category: DeckCategory, _ topic: DeckTopic, _ notes: Set<String>) -> (model: RecordedHex, context: RecordedHex?) {
            let page = PageRenderer.Page(title: topic.title, root: SitePaths.root(of: SitePaths.topic(category, topic)), kind: "topic")
            var alone = category
            alone.topics = [topic]
            let cards = CardDigest.contents(of: Deck(categories: [alone]), images: [:]).topic(0, of: 0)
            return (CardDigest.topicPage(category, topic, cards: cards, notes: notes, site: "s"),
                    ContextDigest.page(template: "topic", context: DeckPages.topic(category, topic, notes: notes), page: page, site: "s"))
        }
        let base = digests(category, topic, [])
        #expect(base.context != nil)
        typealias Mutation = (inout DeckCategory, inout DeckTopic, inout Set<String>) -> Void
        let mutations: [(String, Mutation)] = [
            ("card title", { _, t, _ in t.cards[1].title += " more" }),
            ("card id", { _, t, _ in t.cards[0].id += "-2" }),
            ("a section less", { _, t, _ in t.cards[0].sections.removeLast() }),
            ("an image more", { _, t, _ in t.cards[1].images.append(CardImage(file: "x.png", caption: nil, exists: true)) }),
            ("a note", { _, t, n in n.insert(t.cards[1].id) }),
            ("topic title", { _, t, _ in t.title += " more" }),
            ("topic slug", { _, t, _ in t.slug += "-x" }),
            ("category title", { c, _, _ in c.title += " more" }),
            ("category slug", { c, _, _ in c.slug += "-x" }),
            ("card order", { _, t, _ in t.cards.swapAt(0, 1) }),
            ("a card more", { _, t, _ in var card = t.cards[0]; card.id += "-copy"; t.cards.append(card) }),
            // Not shown on the topic page: neither digest changes.
            ("section text", { _, t, _ in t.cards[0].sections[0].info = [] }),
            ("slide", { _, t, _ in t.cards[0].slide = "99" }),
        ]
        for (name, mutate) in mutations {
            var (c, t, n) = (category, topic, Set<String>())
            mutate(&c, &t, &n)
            let changed = digests(c, t, n)
            #expect(changed.context != nil)
            #expect((changed.model != base.model) == (changed.context != base.context), "\(name): the digests disagree")
        }
    }

    /// A category page's digest is taken from the model too (it lists every card of the category).
    @Test func aCategoryPageDigestChangesExactlyWhenItsContextDoes() throws {
        let project = try IncrementalBuildTests.Project()
        defer { TemporaryFolder.remove(project.root) }
        var log = DiagnosticLog()
        let content = try #require(SiteContent.load(project.options(out: "site"), log: &log))
        let category = try #require(content.deck.categories.first { $0.topics.count >= 2 && $0.topics[0].cards.count >= 2 })
        func digests(_ category: DeckCategory) -> (model: RecordedHex, context: RecordedHex?) {
            let page = PageRenderer.Page(title: category.title, root: SitePaths.root(of: SitePaths.category(category)), kind: "category")
            let cards = CardDigest.contents(of: Deck(categories: [category]), images: [:])
            return (CardDigest.categoryPage(category, at: 0, cards: cards, site: "s"),
                    ContextDigest.page(template: "category", context: DeckPages.category(category), page: page, site: "s"))
        }
        let base = digests(category)
        #expect(base.context != nil)
        let mutations: [(String, (inout DeckCategory) -> Void)] = [
            ("card title", { $0.topics[0].cards[1].title += " more" }),
            ("card id", { $0.topics[1].cards[0].id += "-2" }),
            ("card order", { $0.topics[0].cards.swapAt(0, 1) }),
            ("a card more", { var card = $0.topics[0].cards[0]; card.id += "-copy"; $0.topics[0].cards.append(card) }),
            ("a card less", { $0.topics[1].cards.removeLast() }),
            ("a card moved to the next topic", { $0.topics[1].cards.insert($0.topics[0].cards.removeLast(), at: 0) }),
            ("topic title", { $0.topics[1].title += " more" }),
            ("topic slug", { $0.topics[0].slug += "-x" }),
            ("topic order", { $0.topics.swapAt(0, 1) }),
            ("category title", { $0.title += " more" }),
            ("category slug", { $0.slug += "-x" }),
            // Not shown on the category page: neither digest changes.
            ("a section less", { $0.topics[0].cards[0].sections.removeLast() }),
            ("an image more", { $0.topics[0].cards[1].images.append(CardImage(file: "x.png", caption: nil, exists: true)) }),
            ("slide", { $0.topics[0].cards[0].slide = "99" }),
        ]
        for (name, mutate) in mutations {
            var changed = category
            mutate(&changed)
            let after = digests(changed)
            #expect(after.context != nil)
            #expect((after.model != base.model) == (after.context != base.context), "\(name): the digests disagree")
        }
    }

    /// The planned files' digests of the example project before and after `edit` of its deck's text.
    static func digests(around edit: (String) -> String) throws -> (before: [String: String], after: [String: String]) {
        let project = try IncrementalBuildTests.Project()
        defer { TemporaryFolder.remove(project.root) }
        let before = try digests(of: project)
        try project.edit(project.deck, edit)
        return (before, try digests(of: project))
    }

    @Test func anEditChangesTheDigestsOfItsCardPageAndStudyPartOnly() throws {
        let (before, after) = try Self.digests { $0.replacingOccurrences(of: "Outer fibrous coat", with: "Outer fibrous tunic") }
        #expect(before["study/topics/anatomy/the-globe/1.js"] != nil)
        #expect(after.keys.sorted() == before.keys.sorted())
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        #expect(changed == ["deck/anatomy/the-globe/coats-of-the-eye.html", "study/topics/anatomy/the-globe/1.js"])
    }

    /// A card's title shows on its neighbours' pages (previous and next), its topic and category pages
    /// and in the study index, which are digested from each card's label rather than its title: those
    /// digests change, and no other file's.
    @Test func aRetitledCardChangesItsNeighboursItsListsAndTheStudyIndexOnly() throws {
        let (before, after) = try Self.digests { $0.replacingOccurrences(of: "\tKeratoconus\t", with: "\tKeratoconus and Ectasia\t") }
        #expect(before["study/cards.js"] != nil)
        #expect(Set(before.keys).subtracting(after.keys) == ["deck/cornea-lens/cornea/keratoconus.html"])
        #expect(Set(after.keys).subtracting(before.keys) == ["deck/cornea-lens/cornea/keratoconus-and-ectasia.html"])
        let changed = after.keys.filter { before[$0] != nil && after[$0] != before[$0] }.sorted()
        #expect(changed == ["deck/cornea-lens/cornea/corneal-layers.html", "deck/cornea-lens/cornea/herpes-simplex-keratitis.html",
                            "deck/cornea-lens/cornea/index.html", "deck/cornea-lens/index.html", "study/cards.js",
                            "study/topics/cornea-lens/cornea/1.js"])
    }
}
