import Deck
import Foundation
import MarkdownHTML
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
                    index.cards.append([.text(card.id), .text(card.title), .number(topicIndex), .number(card.sections.count),
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
    /// Each section is rendered through the same `card-section` template as the card pages, so study
    /// mode shows what the card page shows (questions first, answers in `.answer` for recall).
    static func part(_ part: Int, of category: DeckCategory, _ topic: DeckTopic, images published: [String: PublishedImage] = [:],
                     renderer: PageRenderer) throws(TemplateError) -> String {
        var cards: [String: TopicCard] = [:]
        for card in Self.cards(of: topic, part: part) {
            var sections: [String] = []
            for (index, section) in card.sections.enumerated() {
                sections.append(try renderer.fragment("card-section",
                                                      context: DeckPages.section(section, index: index, of: card.sections.count, inStudy: true)))
            }
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

/// Minimal JSON text writing with the exact escaping of Foundation's `JSONEncoder`
/// (`.withoutEscapingSlashes`), plus U+2028/U+2029 escaped for old JavaScript parsers.
enum JSONText {
    /// Appends `value` as a JSON string literal. Works on the UTF-8 bytes: a section's HTML has a line
    /// break every few dozen bytes, and appending the text between escapes piece by piece was most of
    /// the cost of a study part file.
    static func append(string value: String, to out: inout String) {
        let needsEscaping = value.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }
        guard needsEscaping else {
            out += "\""
            out += value
            out += "\""
            return
        }
        let utf8 = Array(value.utf8)
        var escaped: [UInt8] = [0x22]
        escaped.reserveCapacity(utf8.count + utf8.count / 8 + 2)
        let hex = Array("0123456789abcdef".utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case 0x22, 0x5C: escaped += [0x5C, byte]
            case 0x0A: escaped += [0x5C, UInt8(ascii: "n")]
            case 0x0D: escaped += [0x5C, UInt8(ascii: "r")]
            case 0x09: escaped += [0x5C, UInt8(ascii: "t")]
            case 0x08: escaped += [0x5C, UInt8(ascii: "b")]
            case 0x0C: escaped += [0x5C, UInt8(ascii: "f")]
            case 0x00..<0x20: escaped += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            case 0xE2 where index + 1 < utf8.count && utf8[index] == 0x80 && (utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9):
                // U+2028 and U+2029: legal in JSON, but not in old JavaScript parsers.
                escaped += Array("\\u202".utf8) + [utf8[index + 1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")]
                index += 2
            default: escaped.append(byte)
            }
        }
        escaped.append(0x22)
        out += String(decoding: escaped, as: UTF8.self)
    }

    /// Appends an array of strings.
    static func append(strings values: [String], to out: inout String) {
        out += "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            append(string: value, to: &out)
        }
        out += "]"
    }

    /// The key order of `JSONEncoder`'s `.sortedKeys` (by UTF-8 bytes).
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
