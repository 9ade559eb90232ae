import Deck
import Foundation
import MarkdownHTML
import Study

/// The data files the browser's study mode reads: `study/cards.js` (every card: id, title, topic,
/// section count) and one `study/topics/<category>/<topic>.js` per topic with the cards' rendered
/// sections and images, loaded only when a card of that topic comes up.
enum StudyData {
    /// The format version of both files.
    static let version = 1

    struct Index: Encodable {
        var version: Int
        var deck: String
        /// Category titles.
        var categories: [String]
        /// `[category index, title, key, url]`.
        var topics: [[Entry]]
        /// `[id, title, topic index, section count]`.
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
        /// Images: `[src, alt, caption]`.
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
                for card in topic.cards {
                    index.cards.append([.text(card.id), .text(card.title), .number(topicIndex), .number(card.sections.count)])
                }
            }
        }
        return "window.LoupeStudyIndex = " + json(index) + ";\n"
    }

    /// `study/topics/<category>/<topic>.js`.
    static func topic(_ category: DeckCategory, _ topic: DeckTopic) -> String {
        var cards: [String: TopicCard] = [:]
        for card in topic.cards {
            let sections = card.sections.map { section -> String in
                var markdown = ""
                if !section.header.isEmpty { markdown += "### " + DeckMarkdown.header(section.header) + "\n\n" }
                markdown += DeckMarkdown.info(section.info)
                return MarkdownRenderer.html(from: markdown, allowRawHTML: true)
            }
            let images = card.images.enumerated().filter { $0.element.exists }.map { index, image in
                [SitePaths.image(image.file), image.caption ?? "Image \(index + 1) of \(card.title)", image.caption ?? ""]
            }
            cards[card.id] = TopicCard(s: sections, i: images)
        }
        return "window.Loupe && window.Loupe.studyTopicLoaded && window.Loupe.studyTopicLoaded(" + json(key(category, topic)) + ", " + json(cards) + ");\n"
    }

    /// The path of a topic's data file.
    static func topicPath(_ category: DeckCategory, _ topic: DeckTopic) -> String {
        "study/topics/\(category.slug)/\(topic.slug).js"
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
