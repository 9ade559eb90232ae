import Deck
import Foundation
@testable import SiteBuilder
import Testing

/// `study/cards.js` is written by hand (at 100,000 cards the encoder's tree of it was a build's last
/// memory peak): it must be the bytes `JSONEncoder` gives the same index, with U+2028 and U+2029 escaped.
@Suite("Study index")
struct StudyIndexTests {
    /// The index as the encoder wrote it: the reference the hand-written file must equal.
    private struct Reference: Encodable {
        enum Entry: Encodable {
            case text(String), number(Int)
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .text(let text): try container.encode(text)
                case .number(let number): try container.encode(number)
                }
            }
        }
        var version = StudyData.version, deck: String, categories: [String] = [], topics: [[Entry]] = [], cards: [[Entry]] = []
    }

    private static func reference(_ deck: Deck, deckName: String) throws -> String {
        var index = Reference(deck: deckName)
        for category in deck.categories {
            index.categories.append(category.title)
            for topic in category.topics {
                let topicIndex = index.topics.count
                index.topics.append([.number(index.categories.count - 1), .text(topic.title), .text(StudyData.key(category, topic)),
                                     .text(SitePaths.topic(category, topic))])
                for (position, card) in topic.cards.enumerated() {
                    index.cards.append([.text(card.id), .text(card.title), .number(topicIndex), .number(card.sectionCount),
                                        .number(StudyData.part(ofCardAt: position))])
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(index), as: UTF8.self)
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        return "window.LoupeStudyIndex = " + json + ";\n"
    }

    @Test func theIndexIsTheEncodersBytes() throws {
        let titles = ["Plain", "Qu\"ote/slash\\", "Line\u{2028}sep\u{2029}", "Tab\there\nnew", "Ünïcödé 👁", "<b>&amp;</b>", "\u{01}\u{1F}"]
        let source = SourceLine(path: "deck.tsv", line: 1)
        func card(_ number: Int) -> Card {
            let sections = (0..<(number % 3)).map { CardSection(header: [RichLine([TextRun("Q\(number)")])], info: [], number: $0 + 1) }
            return Card(id: "card-\(number)", title: titles[number % titles.count] + " \(number)", category: "c", topic: "t",
                        sections: sections, source: source)
        }
        var number = 0
        let categories = (0..<3).map { c in
            DeckCategory(title: titles[(c + 2) % titles.count], slug: "category-\(c)", topics: (0..<(c == 1 ? 0 : 3)).map { t in
                DeckTopic(title: titles[(c + t + 4) % titles.count], slug: "topic-\(t)", cards: (0..<(t * 20)).map { _ in
                    number += 1
                    return card(number)
                })
            })
        }
        for deck in [Deck(categories: categories), Deck(categories: []), Deck(categories: [DeckCategory(title: "Empty", slug: "empty")])] {
            for name in ["Deck", "Ophtho \"2019\"\u{2028}"] {
                #expect(String(decoding: StudyData.index(deck, deckName: name), as: UTF8.self) == (try Self.reference(deck, deckName: name)))
            }
        }
    }
}
