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

    struct Index: Encodable {
        var version: Int
        var deck: String
        /// Category titles.
        var categories: [String]
        /// `[category index, title, key, url]`.
        var topics: [[Entry]]
        /// `[id, title, topic index, section count, part]`.
        var cards: [[Entry]]
    }

    enum Entry: Encodable {
        case text(String)
        case number(Int)
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    struct TopicCard: Encodable {
        /// Section HTML, in order.
        var s: [String]
        /// Images: `[src, alt, caption, srcset, width, height, zoom]` (URLs relative to the site root;
        /// `srcset` is `url 480w, url 960w, …`).
        var i: [[String]]
    }

    /// `study/cards.js`.
    static func index(_ deck: Deck, deckName: String) -> String {
        var index = Index(version: version, deck: deckName, categories: [], topics: [], cards: [])
        for category in deck.categories {
            index.categories.append(category.title)
            for topic in category.topics {
                let topicIndex = index.topics.count
                index.topics.append([.number(index.categories.count - 1), .text(topic.title), .text(key(category, topic)),
                                     .text(SitePaths.topic(category, topic))])
                for (position, card) in topic.cards.enumerated() {
                    index.cards.append([.text(card.id), .text(card.title), .number(topicIndex), .number(card.sectionCount),
                                        .number(part(ofCardAt: position))])
                }
            }
        }
        return "window.LoupeStudyIndex = " + json(index) + ";\n"
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
                     renderer: PageRenderer, handoff: CardSectionHTML.Handoff? = nil) throws(TemplateError) -> String {
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
        var out = "window.Loupe && window.Loupe.studyPartLoaded && window.Loupe.studyPartLoaded("
        JSONText.append(string: key(category, topic) + "/\(part)", to: &out)
        out += ", {"
        for (index, id) in cards.keys.sorted(by: JSONText.precedes).enumerated() {
            guard let card = cards[id] else { continue }
            if index > 0 { out += "," }
            JSONText.append(string: id, to: &out)
            out += ":{\"i\":["
            for (n, image) in card.i.enumerated() {
                if n > 0 { out += "," }
                JSONText.append(strings: image, to: &out)
            }
            out += "],\"s\":"
            JSONText.append(strings: card.s, to: &out)
            out += "}"
        }
        out += "});\n"
        return out
    }

    /// The path of a topic's 1-based `part` file.
    static func partPath(_ part: Int, of category: DeckCategory, _ topic: DeckTopic) -> String {
        "study/topics/\(category.slug)/\(topic.slug)/\(part).js"
    }

    static func key(_ category: DeckCategory, _ topic: DeckTopic) -> String { category.slug + "/" + topic.slug }

    private static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        // U+2028/2029 are legal in JSON strings and in modern JavaScript, but escape them for old parsers.
        // Byte-level: Foundation's replacingOccurrences is slow on megabyte strings.
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count)
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if byte == 0xE2, data.index(index, offsetBy: 2) < data.endIndex, data[data.index(after: index)] == 0x80 {
                let third = data[data.index(index, offsetBy: 2)]
                if third == 0xA8 || third == 0xA9 {
                    bytes.append(contentsOf: Array((third == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                    index = data.index(index, offsetBy: 3)
                    continue
                }
            }
            bytes.append(byte)
            index = data.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
