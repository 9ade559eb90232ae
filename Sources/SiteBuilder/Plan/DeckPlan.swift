import Deck
import Foundation

/// The deck's part of the build plan: the contents and About pages, every category, topic and card
/// page, and the study data parts. A function of the loaded content alone; nothing is rendered here.
enum DeckPlan {
    /// Every file: the index pages, then each study part followed by the pages of its cards. The part
    /// renders its cards' sections and hands them to those pages (``CardSectionHTML/Handoff``), which
    /// come right after it in the same worker's chunk, so a full build renders each section once. It also
    /// spreads the parts over the workers' chunks. `cardDigests` is ``CardDigest/contents(of:images:)``
    /// of the same deck and images.
    static func files(of content: SiteContent, images: [String: PublishedImage], cardDigests: CardDigest.Contents,
                      renderer: PageRenderer) -> [PlannedFile] {
        let index = indexPages(of: content, cardDigests: cardDigests, site: renderer.siteDigest)
        let handoff = CardSectionHTML.Handoff()
        // A card.md written before `html` (including the `card-section` partial, or reading a section's
        // header and info itself) gets every section key.
        let sectionKeys = !renderer.templates.tagNames(of: "card").isDisjoint(with: ["card-section", "hasHeader", "header", "hasInfo", "info"])
        // Each category's files are planned on a core of their own, into their own places of one array
        // (where each topic's files start is known from its card count): planning 13,600 files on one
        // core was most of an edit build's planning, on its critical path.
        let categories = content.deck.categories
        var bounds = [index.count]
        for category in categories {
            bounds.append(category.topics.reduce(bounds[bounds.count - 1]) { $0 + StudyData.partCount(of: $1) + $1.cards.count })
        }
        // Category i's files take places bounds[i]..<bounds[i + 1].
        let places = bounds, count = bounds[bounds.count - 1]
        return [PlannedFile](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(fromContentsOf: index)
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: categories.count) { categoryIndex in
                let category = categories[categoryIndex]
                var next = places[categoryIndex]
                for (topicIndex, topic) in category.topics.enumerated() {
                    let digests = cardDigests.topic(topicIndex, of: categoryIndex)
                    let shared = CardPagePlan.Topic(category: category, topic: topic, study: content.study, images: images,
                                                    cardDigests: digests, renderer: renderer, handoff: handoff, sectionKeys: sectionKeys)
                    for part in stride(from: 1, through: StudyData.partCount(of: topic), by: 1) {
                        (slots.baseAddress! + next).initialize(to: studyPart(part, of: topic, in: category, images: images,
                                                                               cardDigests: digests, renderer: renderer, handoff: handoff))
                        next += 1
                        for position in StudyData.cards(of: topic, part: part).indices {
                            (slots.baseAddress! + next).initialize(to: cardPage(at: position, of: shared))
                            next += 1
                        }
                    }
                }
                precondition(next == places[categoryIndex + 1], "a category's files fill its places")
            }
            initialized = count
        }
    }

    /// Contents, About, category and topic pages: digested from their contexts (they are few and
    /// small), but for category and topic pages, which list every card and are digested from the model
    /// (`cardDigests`, ``CardDigest/contents(of:images:)`` of the content's deck).
    static func indexPages(of content: SiteContent, cardDigests: CardDigest.Contents, site: String) -> [PlannedFile] {
        let deck = content.deck
        let notes = content.notedCards
        let aboutHTML = content.aboutHTML
        var files: [PlannedFile] = [
            .page("home", title: content.settings.title, path: SitePaths.home, kind: "home") { DeckPages.home(deck) },
            .page("about", title: "About", path: SitePaths.about, kind: "about") {
                ["html": aboutHTML, "title": "About", "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)]]
            },
        ]
        // A category with no cards is not listed anywhere, so it gets no page either.
        for (categoryIndex, category) in deck.categories.enumerated() where category.cardCount > 0 {
            // A category page lists every card of the category: digested from the model too.
            files.append(.page("category", title: category.title, path: SitePaths.category(category), kind: "category",
                               digest: { CardDigest.categoryPage(category, at: categoryIndex, cards: cardDigests, site: site) }) {
                DeckPages.category(category)
            })
            for (topicIndex, topic) in category.topics.enumerated() {
                // A topic page lists every card of the topic: digested from the model, not its context.
                let cards = cardDigests.topic(topicIndex, of: categoryIndex)
                files.append(.page("topic", title: topic.title, path: SitePaths.topic(category, topic), kind: "topic",
                                   digest: { CardDigest.topicPage(category, topic, cards: cards, notes: notes, site: site) }) {
                    DeckPages.topic(category, topic, notes: notes)
                })
            }
        }
        return files
    }

    /// The page of the card at `position` of `topic`'s topic, digested from the deck model: an unchanged
    /// card costs no context and no Markdown.
    static func cardPage(at position: Int, of topic: CardPagePlan.Topic) -> PlannedFile {
        let card = topic.topic.cards[position]
        let path = SitePaths.card(card)
        // Both closures capture only `plan`, so neither allocates a context of its own: at 100,000
        // cards, copies of the topic's values in every closure were 60 MB of the plan.
        let plan = CardPagePlan(topic: topic, position: position)
        return PlannedFile(path: path, digest: { plan.digest() },
                           recipe: .shapedPage(template: "card", page: PageRenderer.Page(title: card.title, root: SitePaths.root(of: path), kind: "card"),
                                               make: { try plan.shapedContext() }))
    }

    /// Part `part` of `topic`'s cards (``StudyData/cardsPerPart`` of them) for study mode.
    static func studyPart(_ part: Int, of topic: DeckTopic, in category: DeckCategory, images: [String: PublishedImage],
                          cardDigests: CardDigest.Contents.Topic, renderer: PageRenderer, handoff: CardSectionHTML.Handoff) -> PlannedFile {
        PlannedFile(path: StudyData.partPath(part, of: category, topic),
                    digest: { CardDigest.studyPart(part, of: category, topic, contents: cardDigests, site: renderer.siteDigest) },
                    recipe: .data { try StudyData.part(part, of: category, topic, images: images, renderer: renderer, handoff: handoff) })
    }
}
