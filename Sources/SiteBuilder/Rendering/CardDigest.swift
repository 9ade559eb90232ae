import Deck
import Diagnostics
import Foundation
import Synchronization

/// Digests of what a card's outputs are made from, taken from the deck model directly: an
/// incremental build decides whether a card page or a study topic file must be made again without
/// building its template context or converting its text to Markdown.
///
/// Everything ``DeckPages/card(_:in:_:position:note:images:)`` and ``StudyData/part(_:of:_:images:renderer:)``
/// read must be mixed in here; `IncrementalBuildTests` compares updated sites with full builds.
enum CardDigest {
    /// The digest of every card's own content (``add(_:images:to:)``) by card id, taken once per build
    /// on every core and shared by the card pages and the study topic files.
    static func contents(of deck: Deck, images: [String: PublishedImage]) -> [String: String] {
        let cards = deck.cards
        let digests = Mutex<[String]>(Array(repeating: "", count: cards.count))
        let chunk = 256
        DispatchQueue.concurrentPerform(iterations: (cards.count + chunk - 1) / chunk) { part in
            let range = (part * chunk)..<min(cards.count, (part + 1) * chunk)
            let made = range.map { index in
                var hash = FNV1a()
                add(cards[index], images: images, to: &hash)
                return hash.hex
            }
            digests.withLock { $0.replaceSubrange(range, with: made) }
        }
        return Dictionary(zip(cards.map(\.id), digests.withLock { $0 }), uniquingKeysWith: { first, _ in first })
    }

    /// The digest of a card page; `contents` is ``contents(of:images:)``.
    static func page(_ card: Card, in category: DeckCategory, _ topic: DeckTopic, position: Int, note: [String: Any]?,
                     contents: [String: String], site: String) -> String? {
        var hash = FNV1a()
        // Pieces, not one interpolated string: making the strings was a third of the digest. A card's
        // path is made from its id alone (``SitePaths/card(_:)``).
        hash.add("card-page-3|")
        add(text: site, to: &hash)
        add(category: category, topic: topic, to: &hash)
        hash.add(position)
        hash.add(topic.cards.count)
        add(text: contents[card.id] ?? "-", to: &hash)
        for neighbour in [position - 1, position + 1] {
            guard topic.cards.indices.contains(neighbour) else { hash.add(-1); continue }
            add(text: topic.cards[neighbour].title, to: &hash)
            add(text: topic.cards[neighbour].id, to: &hash)
        }
        if let note {
            hash.add("note|")
            guard ContextDigest.add(note, to: &hash) else { return nil }
        }
        return hash.hex
    }

    /// The digest of a topic page (``DeckPages/topic(_:_:notes:)`` in the `topic` template): the topic,
    /// its category, and each card's title, path, id, place, section and image counts and whether it
    /// has a note.
    static func topicPage(_ category: DeckCategory, _ topic: DeckTopic, notes: Set<String>, site: String) -> String {
        var hash = FNV1a()
        hash.add("topic-page-2|")
        add(text: site, to: &hash)
        add(category: category, topic: topic, to: &hash)
        hash.add(topic.cards.count)
        for card in topic.cards {
            add(text: card.title, to: &hash)
            add(text: card.id, to: &hash)  // the id makes the path
            hash.add(card.sectionCount)
            hash.add(card.images.count)
            hash.add(notes.contains(card.id) ? 1 : 0)
        }
        return hash.hex
    }

    /// The digest of a category page (``DeckPages/category(_:)`` in the `category` template): the
    /// category, and each topic's title, slug and cards, each card's title and path. (Digesting the
    /// page's context instead, which lists every card of the category, cost 12 million instructions a
    /// page: a twentieth of a one-card edit at 10,000 cards.)
    static func categoryPage(_ category: DeckCategory, site: String) -> String {
        var hash = FNV1a()
        hash.add("category-page-2|")
        add(text: site, to: &hash)
        for text in [category.title, category.slug] { add(text: text, to: &hash) }
        hash.add(category.topics.count)
        for topic in category.topics {
            for text in [topic.title, topic.slug] { add(text: text, to: &hash) }
            hash.add(topic.cards.count)
            for card in topic.cards {
                add(text: card.title, to: &hash)
                add(text: card.id, to: &hash)  // the id makes the path
            }
        }
        return hash.hex
    }

    /// The digest of a topic's study part file; `contents` is ``contents(of:images:)``.
    static func studyPart(_ part: Int, of category: DeckCategory, _ topic: DeckTopic, contents: [String: String], site: String) -> String {
        var hash = FNV1a()
        hash.add("study-part-2|")
        add(text: site, to: &hash)
        add(category: category, topic: topic, to: &hash)
        hash.add(part)
        let cards = StudyData.cards(of: topic, part: part)
        hash.add(cards.count)
        for card in cards { add(text: contents[card.id] ?? "-", to: &hash) }
        return hash.hex
    }

    /// The digest of `study/cards.js`: every category, topic and card title, key and section count, and
    /// each topic's card count (which, with the order, decides each card's part).
    static func studyIndex(_ deck: Deck, deckName: String) -> String {
        var hash = FNV1a()
        hash.add("study-index-2|")
        add(text: deckName, to: &hash)
        for category in deck.categories {
            for topic in category.topics {
                add(category: category, topic: topic, to: &hash)
                hash.add(topic.cards.count)
                for card in topic.cards {
                    add(text: card.id, to: &hash)
                    add(text: card.title, to: &hash)
                    hash.add(card.sectionCount)
                }
            }
        }
        return hash.hex
    }

    private static func add(category: DeckCategory, topic: DeckTopic, to hash: inout FNV1a) {
        for text in [category.title, category.slug, topic.title, topic.slug] { add(text: text, to: &hash) }
    }

    /// Every field of a card, and the published form of each of its images.
    private static func add(_ card: Card, images: [String: PublishedImage], to hash: inout FNV1a) {
        for text in [card.id, card.title, card.category, card.topic, card.slide ?? "\u{0}"] {  // the id makes the path
            add(text: text, to: &hash)
        }
        hash.add(card.images.count)
        for image in card.images {
            add(text: image.file, to: &hash)
            add(text: image.caption ?? "\u{0}", to: &hash)
            add(text: images[image.file].map { String(describing: $0) } ?? "-", to: &hash)
        }
        // The digest of the cells the sections were parsed from stands for them (same executable, so
        // the same parser: the engine fingerprint); a card made otherwise is hashed in the sections'
        // kept-chunk form, which holds every field of every section.
        if let digest = card.sectionsDigest {
            hash.add("cells|")
            digest.bytes.withUnsafeBytes { hash.add($0) }
        } else {
            hash.add("sections|")
            SectionChunkCoding.encode([card.sections]).withUnsafeBytes { hash.add($0) }
        }
    }

    private static func add(text: String, to hash: inout FNV1a) {
        hash.add(text.utf8.count)
        hash.add(text)
    }
}
