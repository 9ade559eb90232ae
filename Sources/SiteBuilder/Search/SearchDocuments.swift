import Deck
import Diagnostics
import Foundation
import SearchIndex

/// Turns site content into search documents. Sessions and study progress never become documents.
enum SearchDocuments {
    /// Every card, in deck order; section anchors match the card page's (`s1`, `s2`, …). Made on every
    /// core: the search index waits for them, and at the end of an edit build it is the last to finish.
    static func cards(_ deck: Deck) -> [SearchDocument] {
        // One path array for each topic, shared by its cards' documents (not one made for every card).
        let topics = deck.categories.flatMap { category in category.topics.map { (cards: $0.cards, path: [category.title, $0.title]) } }
        var places: [(topic: Int, card: Int)] = []
        places.reserveCapacity(deck.cardCount)
        for (index, topic) in topics.enumerated() { places += topic.cards.indices.lazy.map { (index, $0) } }
        return places.concurrentMap(part: 512) { place in
            document(of: topics[place.topic].cards[place.card], path: topics[place.topic].path)
        }
    }

    /// A card's document; `path` is its category's and topic's titles.
    private static func document(of card: Card, path: [String]) -> SearchDocument {
        let url = SitePaths.card(card)
        // The sections (anchors, headers, texts) are made from the card's sections alone: with their
        // digest, they are made only for the chunks tokenised and the shards written.
        guard let digest = card.sectionsDigest else {
            return SearchDocument(url: url, title: card.title, path: path, kind: .card, sections: sections(of: card))
        }
        return SearchDocument(url: url, title: card.title, path: path, kind: .card, sectionCount: card.sectionCount,
                              sectionsDigest: digest, sections: { sections(of: card) })
    }

    /// A card's sections as search shows them; anchors match the card page's (`s1`, `s2`, …).
    static func sections(of card: Card) -> [SearchSection] {
        card.sectionTexts.enumerated().map { index, section in
            SearchSection(anchor: "s" + String(index + 1), header: section.header, text: section.info)
        }
    }

    /// Categories and topics (with cards), so "glaucoma" also lists the Glaucoma category: a
    /// category's text is its topics' titles, a topic's its cards' titles.
    static func groups(_ deck: Deck) -> [SearchDocument] {
        deck.categories.filter { $0.cardCount > 0 }.flatMap { category in
            [SearchDocument(url: SitePaths.category(category), title: category.title, path: [], kind: .page,
                            sections: [SearchSection(anchor: "", header: "", text: category.topics.map(\.title).joined(separator: "\n"))])]
                + category.topics.map { topic in
                    SearchDocument(url: SitePaths.topic(category, topic), title: topic.title, path: [category.title], kind: .page,
                                   sections: [SearchSection(anchor: "", header: "", text: topic.cards.map(\.title).joined(separator: "\n"))])
                }
        }
    }

    /// The About page as one section linking to the top of the page; `nil` when it has no text.
    static func about(html: String) -> SearchDocument? {
        let text = plainText(fromHTML: html)
        guard !text.isEmpty else { return nil }
        return SearchDocument(url: SitePaths.about, title: "About", path: [], kind: .about,
                              sections: [SearchSection(anchor: "", header: "", text: text)])
    }

    /// The text of an HTML fragment we rendered ourselves: tags dropped, block ends as new lines,
    /// the five entities cmark writes decoded.
    static func plainText(fromHTML html: String) -> String {
        var text = ""
        var inTag = false
        var tag = ""
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    let name = tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
                        .split(separator: " ").first.map(String.init) ?? ""
                    if ["p", "li", "br", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "pre"].contains(name) { text += "\n" }
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
                tag = ""
            } else {
                text.append(character)
            }
        }
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: value)
        }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
