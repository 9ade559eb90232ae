import Deck
import Foundation
import MarkdownHTML
import MarkupText
import Study
import Templating

/// The data files the browser's study mode reads: `study/cards.js` (every card: id, title, topic,
/// section count, part) and the cards' rendered sections and images in parts of at most
/// ``cardsPerPart`` cards of one topic, `study/topics/<category>/<topic>/<part>.js`, each loaded only
/// when one of its cards comes up.
enum StudyData {
    /// The format version of both files.
    static let version = 2

    /// How many cards one part file holds: small enough that showing a card loads little more than
    /// that card (about 40 KB for a long card at 10,000 cards), large enough that a topic's study
    /// session does not load dozens of files.
    static let cardsPerPart = 16

    struct TopicCard: Encodable {
        /// Section HTML, in order.
        var s: [String]
        /// Images: `[src, alt, caption, srcset, width, height, zoom]` (URLs relative to the site root;
        /// `srcset` is `url 480w, url 960w, …`).
        var i: [[String]]
    }

    /// `study/cards.js`.
    static func index(_ deck: Deck, deckName: String) -> Data {
        // `{"cards":[[id, title, topic index, section count, part], …], "categories":[title, …], "deck":…,
        // "topics":[[category index, title, key, url], …], "version":…}`: JSONEncoder's bytes (sorted keys,
        // slashes unescaped), written by hand. At 100,000 cards the encoder's tree of the index was the
        // last peak of a build's memory, and a second of its time.
        var out = Array("window.LoupeStudyIndex = {\"cards\":[".utf8), categories: [UInt8] = [], topics: [UInt8] = []
        out.reserveCapacity(deck.cardCount * 64)
        var isFirstCard = true
        var topicIndex = 0
        for (categoryIndex, category) in deck.categories.enumerated() {
            if categoryIndex > 0 { categories.append(UInt8(ascii: ",")) }
            JSONText.append(string: category.title, to: &categories)
            for topic in category.topics {
                if topicIndex > 0 { topics.append(UInt8(ascii: ",")) }
                topics += "[\(categoryIndex),".utf8
                JSONText.append(string: topic.title, to: &topics)
                topics.append(UInt8(ascii: ","))
                JSONText.append(string: key(category, topic), to: &topics)
                topics.append(UInt8(ascii: ","))
                JSONText.append(string: SitePaths.topic(category, topic), to: &topics)
                topics.append(UInt8(ascii: "]"))
                for (position, card) in topic.cards.enumerated() {
                    out += (isFirstCard ? "[" : ",[").utf8
                    isFirstCard = false
                    JSONText.append(string: card.id, to: &out)
                    out.append(UInt8(ascii: ","))
                    JSONText.append(string: card.title, to: &out)
                    out += ",\(topicIndex),\(card.sectionCount),\(part(ofCardAt: position))]".utf8
                }
                topicIndex += 1
            }
        }
        out += "],\"categories\":[".utf8
        out += categories
        out += "],\"deck\":".utf8
        JSONText.append(string: deckName, to: &out)
        out += ",\"topics\":[".utf8
        out += topics
        out += "],\"version\":\(version)};\n".utf8
        return Data(out)
    }

    /// The 1-based part of a topic that holds its card at `position` (0-based).
    static func part(ofCardAt position: Int) -> Int { position / cardsPerPart + 1 }

    /// How many part files a topic has.
    static func partCount(of topic: DeckTopic) -> Int { (topic.cards.count + cardsPerPart - 1) / cardsPerPart }

    /// The cards of a topic's 1-based `part`.
    static func cards(of topic: DeckTopic, part: Int) -> ArraySlice<Card> {
        let start = (part - 1) * cardsPerPart
        return topic.cards[start..<min(topic.cards.count, start + cardsPerPart)]
    }

    /// `study/topics/<category>/<topic>/<part>.js`.
    /// Each section is the card page's (``CardSectionHTML``), so study mode shows what the card page
    /// shows (questions first, answers in `.answer` for recall); with a `handoff`, the rendered sections
    /// are left there for the card pages.
    static func part(_ part: Int, of category: DeckCategory, _ topic: DeckTopic, images published: [String: PublishedImage] = [:],
                     renderer: PageRenderer, handoff: CardSectionHTML.Handoff? = nil) throws(TemplateError) -> Data {
        var cards: [String: TopicCard] = [:]
        for card in Self.cards(of: topic, part: part) {
            let sections = try CardSectionHTML.render(card, renderer: renderer)
            handoff?.give(sections, for: card.id)
            let images = card.images.filter { published[$0.file] != nil }.enumerated().compactMap { index, image -> [String]? in
                guard let picture = published[image.file] else { return nil }
                return [picture.fallbackPath, image.caption ?? "Image \(index + 1) of \(card.title)", image.caption ?? "",
                        picture.srcset(root: ""), String(picture.image.fallback.width), String(picture.image.fallback.height),
                        picture.zoomPath]
            }
            cards[card.id] = TopicCard(s: sections, i: images)
        }
        // Written by hand (same bytes as JSONEncoder with sorted keys): this file holds every card's
        // section HTML, and Foundation's encoder is the slowest part of a large build.
        var out = Array("window.Loupe && window.Loupe.studyPartLoaded && window.Loupe.studyPartLoaded(".utf8)
        JSONText.append(string: key(category, topic) + "/\(part)", to: &out)
        out += ", {".utf8
        for (index, id) in cards.keys.sorted(by: JSONText.precedes).enumerated() {
            guard let card = cards[id] else { continue }
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.append(string: id, to: &out)
            out += ":{\"i\":[".utf8
            for (n, image) in card.i.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.append(strings: image, to: &out)
            }
            out += "],\"s\":".utf8
            JSONText.append(strings: card.s, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += "});\n".utf8
        return Data(out)
    }

    /// The path of a topic's 1-based `part` file.
    static func partPath(_ part: Int, of category: DeckCategory, _ topic: DeckTopic) -> String {
        "study/topics/\(category.slug)/\(topic.slug)/\(part).js"
    }

    static func key(_ category: DeckCategory, _ topic: DeckTopic) -> String { category.slug + "/" + topic.slug }
}
