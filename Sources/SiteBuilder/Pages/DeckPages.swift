import Deck
import Foundation
import Templating

/// Template contexts for the deck's pages: contents, category, topic and card.
enum DeckPages {
    static func crumb(_ title: String, _ path: String) -> [String: Any] { ["title": title, "url": path] }

    /// The contents page: categories expanding to topics.
    static func home(_ deck: Deck) -> [String: Any] {
        // A category with no cards (a category-only row) is not listed; the first listed one is open.
        let listed = deck.categories.filter { $0.cardCount > 0 }
        return [
            "cardCount": deck.cardCount,
            "categoryCount": listed.count,
            "countText": CountText.text(deck.cardCount, "card") + " in " + CountText.text(listed.count, "category", "categories"),
            "categories": listed.enumerated().map { index, category in
                [
                    "title": category.title, "url": SitePaths.category(category), "cardCount": category.cardCount,
                    "cardsText": CountText.text(category.cardCount, "card"),
                    "isOpen": index == 0, "hasTopics": !category.topics.isEmpty,
                    "topics": category.topics.map { topic in
                        ["title": topic.title, "url": SitePaths.topic(category, topic), "cardCount": topic.cards.count,
                         "cardsText": CountText.text(topic.cards.count, "card")] as [String: Any]
                    },
                ] as [String: Any]
            },
        ]
    }

    static func category(_ category: DeckCategory) -> [String: Any] {
        [
            "title": category.title, "cardCount": category.cardCount, "hasTopics": !category.topics.isEmpty,
            "cardsText": CountText.text(category.cardCount, "card"), "categoryKey": category.slug,
            "breadcrumbs": [crumb("Contents", SitePaths.home)],
            "topics": category.topics.map { topic in
                ["title": topic.title, "url": SitePaths.topic(category, topic), "cardCount": topic.cards.count,
                 "cardsText": CountText.text(topic.cards.count, "card"),
                 "cards": topic.cards.map { ["title": $0.title, "url": SitePaths.card($0)] }] as [String: Any]
            },
        ]
    }

    static func topic(_ category: DeckCategory, _ topic: DeckTopic, notes: Set<String>) -> [String: Any] {
        [
            "title": topic.title, "category": category.title, "cardCount": topic.cards.count,
            "cardsText": CountText.text(topic.cards.count, "card"),
            "categoryURL": SitePaths.category(category),
            "topicKey": category.slug + "/" + topic.slug,
            "breadcrumbs": [crumb("Contents", SitePaths.home), crumb(category.title, SitePaths.category(category))],
            "cards": topic.cards.enumerated().map { index, card in
                [
                    "title": card.title, "url": SitePaths.card(card), "id": card.id, "number": index + 1,
                    "sectionCount": card.sectionCount, "imageCount": card.images.count,
                    "hasImages": !card.images.isEmpty, "hasNote": notes.contains(card.id),
                    "sectionsText": CountText.text(card.sectionCount, "section"),
                    "imagesText": CountText.text(card.images.count, "image"),
                ] as [String: Any]
            },
        ]
    }

    /// The context of one card section for the `card-section` template (``CardSectionHTML``).
    static func section(_ section: CardSection, index: Int, of count: Int) -> [String: Any] {
        Self.section(index: index, of: count, header: section.header.isEmpty ? nil : DeckMarkdown.header(section.header),
                     info: section.info.isEmpty ? nil : DeckMarkdown.info(section.info))
    }

    /// The `card-section` context of section `index` of `count` whose header and info are the Markdown
    /// given (`nil`: the section has none).
    static func section(index: Int, of count: Int, header: String?, info: String?) -> [String: Any] {
        var context = sectionPlace(index: index, of: count)
        context["hasHeader"] = header != nil
        context["header"] = header ?? ""
        context["hasInfo"] = info != nil
        context["info"] = info ?? ""
        return context
    }

    /// Section `index` of `count` rendered through `card-section` (an HTML fragment).
    ///
    /// The header's and info's HTML are written straight from the deck's text (``DeckHTML``) and put
    /// into the template's HTML for the section's place, rendered once with markers where they go
    /// (``SectionShells``): neither Mustache nor libcmark reads the section. When either cannot be
    /// written that way, or the template does not put them where they can be put, the section is rendered
    /// from the context of ``section(_:index:of:)`` with their Markdown (its shape written straight from
    /// the section, so the dictionary is made only when swift-mustache needs it): the same bytes either way.
    static func renderSection(_ section: CardSection, index: Int, of count: Int, renderer: PageRenderer) throws(TemplateError) -> String {
        guard let site = renderer.walkedSite else {
            return try renderer.fragment("card-section", context: Self.section(section, index: index, of: count))
        }
        if let info = section.info.isEmpty ? [] : DeckHTML.info(section.info),
           let header = section.header.isEmpty ? [] : DeckHTML.header(section.header),
           let shell = try renderer.sectionShell(index: index, of: count, hasHeader: !section.header.isEmpty,
                                                 hasInfo: !section.info.isEmpty, site: site) {
            return shell.assemble(header: header, info: info)
        }
        return try renderer.fragment("card-section", shape: sectionShape(section, index: index, of: count, site: site)) {
            Self.section(section, index: index, of: count)
        }
    }

    /// The shape of ``section(_:index:of:)``'s context with the site values `site` under `site`.
    static func sectionShape(_ section: CardSection, index: Int, of count: Int, site: ContextShapeWriter.Walked) -> ContextShapeWriter {
        sectionShape(index: index, of: count, header: section.header.isEmpty ? nil : DeckMarkdown.header(section.header),
                     info: section.info.isEmpty ? nil : DeckMarkdown.info(section.info), site: site)
    }

    /// The shape of ``section(index:of:header:info:)``'s context with the site values `site` under `site`.
    static func sectionShape(index: Int, of count: Int, header: String?, info: String?, site: ContextShapeWriter.Walked) -> ContextShapeWriter {
        var shape = ContextShapeWriter(template: "card-section")
        shape.openDictionary()
        shape.key("anchor")
        shape.text("s" + String(index + 1))
        shape.key("hasHeader")
        shape.flag(header != nil)
        shape.key("hasInfo")
        shape.flag(info != nil)
        shape.key("header")
        shape.text(header ?? "")
        shape.key("info")
        shape.text(info ?? "")
        shape.key("isLast")
        shape.flag(index == count - 1)
        shape.key("number")
        shape.number(index + 1)
        shape.key("site")
        shape.value(site)
        shape.closeDictionary()
        return shape
    }

    /// Where a section sits in its card: `anchor`, `number`, `isLast`.
    private static func sectionPlace(index: Int, of count: Int) -> [String: Any] {
        ["anchor": "s\(index + 1)", "number": index + 1, "isLast": index == count - 1]
    }

    /// The entries of ``card(_:in:_:position:sectionHTML:sectionKeys:note:images:)``'s context (without
    /// `sectionKeys`) for a ``ContextShapeWriter``: the same values, without the dictionaries. `nil` when
    /// the note has no shape (the page is then rendered from its dictionary).
    static func cardEntries(_ card: Card, in category: DeckCategory, _ topic: DeckTopic, position: Int, sectionHTML: [String],
                            note: [String: Any]?, images published: [String: PublishedImage] = [:])
        -> [(key: String, value: ContextShapeWriter.Entry)]? {
        let root = SitePaths.root(of: SitePaths.card(card))
        let shown = card.images.filter { published[$0.file] != nil }
        let sizes = shown.count > 1 ? ImageSizes.stripMany : ImageSizes.stripSingle
        let images = shown.enumerated().compactMap { index, image -> [(key: String, value: ContextShapeWriter.Entry)]? in
            guard let picture = published[image.file] else { return nil }
            let fallback = picture.image.fallback
            var entry: [(key: String, value: ContextShapeWriter.Entry)] = [
                ("src", .text(picture.fallbackPath)), ("srcset", .text(picture.srcset(root: root))), ("sizes", .text(sizes)),
                ("type", .text(picture.mediaType)), ("width", .number(fallback.width)), ("height", .number(fallback.height)),
                ("zoom", .text(picture.zoomPath)), ("isLazy", .flag(index > 0)), ("number", .number(index + 1)),
                ("count", .number(shown.count)), ("alt", .text(image.caption ?? "Image \(index + 1) of \(card.title)")),
            ]
            if let caption = image.caption { entry.append(("caption", .text(caption))) }
            return entry
        }
        let count = card.sectionCount
        let sections = ContextShapeWriter.Walked { writer in
            writer.list(Array(0..<count)) { writer, index in
                writer.dictionary([  // in key order
                    ("anchor", .text("s" + String(index + 1))),
                    ("html", .text(index < sectionHTML.count ? CardSectionHTML.embeddable(sectionHTML[index]) : "")),
                    ("isLast", .flag(index == count - 1)), ("number", .number(index + 1)),
                ])
            }
        }
        let crumbs = [("Contents", SitePaths.home), (category.title, SitePaths.category(category)), (topic.title, SitePaths.topic(category, topic))]
        var entries: [(key: String, value: ContextShapeWriter.Entry)] = [
            ("title", .text(card.title)), ("id", .text(card.id)), ("category", .text(card.category)), ("topic", .text(card.topic)),
            ("topicKey", .text(category.slug + "/" + topic.slug)),
            ("breadcrumbs", .value(ContextShapeWriter.Walked { writer in
                writer.list(crumbs) { writer, crumb in writer.dictionary([("title", .text(crumb.0)), ("url", .text(crumb.1))]) }
            })),
            ("backURL", .text(SitePaths.topic(category, topic))),
            ("images", .value(ContextShapeWriter.Walked { writer in writer.list(images) { writer, image in writer.dictionary(image) } })),
            ("hasImages", .flag(!images.isEmpty)), ("hasManyImages", .flag(images.count > 1)),
            ("sections", .value(sections)), ("hasSections", .flag(count > 0)), ("sectionCount", .number(count)),
            ("position", .number(position + 1)), ("topicCount", .number(topic.cards.count)),
        ]
        if let slide = card.slide { entries.append(("slide", .text(slide))) }
        for (key, neighbour) in [("previous", position - 1), ("next", position + 1)] where topic.cards.indices.contains(neighbour) {
            let other = topic.cards[neighbour]
            entries.append((key, .value(ContextShapeWriter.Walked { $0.dictionary([("title", .text(other.title)), ("url", .text(SitePaths.card(other)))]) })))
        }
        if let note {
            guard let walked = ContextShapeWriter.Walked(note) else { return nil }
            entries.append(("note", .value(walked)))
        }
        return entries
    }

    /// A card page's context. `sectionHTML` is each section rendered by ``CardSectionHTML/render(_:renderer:)``
    /// (`html` in `sections`); with `sectionKeys`, each section also has the `card-section` keys, for a
    /// `card.md` that still includes that partial.
    static func card(_ card: Card, in category: DeckCategory, _ topic: DeckTopic, position: Int, sectionHTML: [String],
                     sectionKeys: Bool = false, note: [String: Any]?, images published: [String: PublishedImage] = [:]) -> [String: Any] {
        let root = SitePaths.root(of: SitePaths.card(card))
        let shown = card.images.filter { published[$0.file] != nil }
        let sizes = shown.count > 1 ? ImageSizes.stripMany : ImageSizes.stripSingle
        let images = shown.enumerated().compactMap { index, image -> [String: Any]? in
            guard let picture = published[image.file] else { return nil }
            let fallback = picture.image.fallback
            var entry: [String: Any] = [
                "src": picture.fallbackPath, "srcset": picture.srcset(root: root), "sizes": sizes, "type": picture.mediaType,
                "width": fallback.width, "height": fallback.height, "zoom": picture.zoomPath, "isLazy": index > 0,
                "number": index + 1, "count": shown.count,
                "alt": image.caption ?? "Image \(index + 1) of \(card.title)",
            ]
            if let caption = image.caption { entry["caption"] = caption }
            return entry
        }
        let count = card.sectionCount, cardSections = sectionKeys ? card.sections : []
        let sections = (0..<count).map { index -> [String: Any] in
            var entry = sectionKeys ? Self.section(cardSections[index], index: index, of: count)
                : sectionPlace(index: index, of: count)
            entry["html"] = index < sectionHTML.count ? CardSectionHTML.embeddable(sectionHTML[index]) : ""
            return entry
        }
        var context: [String: Any] = [
            "title": card.title, "id": card.id, "category": card.category, "topic": card.topic,
            "topicKey": category.slug + "/" + topic.slug,
            "breadcrumbs": [
                crumb("Contents", SitePaths.home), crumb(category.title, SitePaths.category(category)),
                crumb(topic.title, SitePaths.topic(category, topic)),
            ],
            "backURL": SitePaths.topic(category, topic),
            "images": images, "hasImages": !images.isEmpty, "hasManyImages": images.count > 1,
            "sections": sections, "hasSections": !sections.isEmpty, "sectionCount": sections.count,
            "position": position + 1, "topicCount": topic.cards.count,
        ]
        if let slide = card.slide { context["slide"] = slide }
        if position > 0 {
            let previous = topic.cards[position - 1]
            context["previous"] = ["title": previous.title, "url": SitePaths.card(previous)]
        }
        if position + 1 < topic.cards.count {
            let next = topic.cards[position + 1]
            context["next"] = ["title": next.title, "url": SitePaths.card(next)]
        }
        if let note { context["note"] = note }
        return context
    }
}
