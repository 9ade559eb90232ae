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
    /// The digest of every card's own content (``add(_:images:to:)``), and of what lists of cards show of
    /// it (``label(of:)``, ``listing(of:label:)``), taken once per build on every core and shared by the
    /// card pages, the topic, category and study files. Kept by each card's place in the deck, not by its
    /// id: 30,000 lookups of hashed ids were a tenth of planning an edit; and read from these arrays, not
    /// from the cards: each card's title and id read again from its own place in memory (a cache miss
    /// and an atomic retain each) for its neighbours' pages, its topic and category pages and the study
    /// index was a third of deciding which files an edit changed.
    static func contents(of deck: Deck, images: [String: PublishedImage]) -> Contents {
        // Where each topic's cards start in deck order, and the work in pieces of at most 256 cards of
        // one topic (no copy of the cards).
        var starts: [[Int]] = [], pieces: [(category: Int, topic: Int, cards: Range<Int>, start: Int)] = [], count = 0
        let chunk = 256
        for (categoryIndex, category) in deck.categories.enumerated() {
            var topicStarts: [Int] = []
            for (topicIndex, topic) in category.topics.enumerated() {
                topicStarts.append(count)
                for first in stride(from: 0, to: topic.cards.count, by: chunk) {
                    pieces.append((categoryIndex, topicIndex, first..<min(topic.cards.count, first + chunk), count + first))
                }
                count += topic.cards.count
            }
            starts.append(topicStarts)
        }
        let zero = RecordedHex(high: 0, low: 0)
        var digests = [RecordedHex](repeating: zero, count: count)
        var labels = [RecordedHex](repeating: zero, count: count)
        var listings = [RecordedHex](repeating: zero, count: count)
        let work = pieces
        digests.withUnsafeMutableBufferPointer { digestSlots in
            labels.withUnsafeMutableBufferPointer { labelSlots in
                listings.withUnsafeMutableBufferPointer { listingSlots in
                    nonisolated(unsafe) let (digestSlots, labelSlots, listingSlots) = (digestSlots, labelSlots, listingSlots)
                    DispatchQueue.concurrentPerform(iterations: work.count) { index in
                        let piece = work[index]
                        let cards = deck.categories[piece.category].topics[piece.topic].cards
                        for position in piece.cards {
                            let slot = piece.start + position - piece.cards.lowerBound
                            let label = Self.label(of: cards[position])
                            labelSlots[slot] = label
                            listingSlots[slot] = listing(of: cards[position], label: label)
                            var hash = FNV1a()
                            add(cards[position], label: label, images: images, to: &hash)
                            digestSlots[slot] = hash.recorded
                        }
                    }
                }
            }
        }
        return Contents(digests: digests, labels: labels, listings: listings, starts: starts)
    }

    /// The digests of each card's content and listing, by the card's place in the deck.
    struct Contents: Sendable {
        fileprivate let digests: [RecordedHex]
        fileprivate let labels: [RecordedHex]
        fileprivate let listings: [RecordedHex]
        /// Where each topic's cards start in `digests`, by category and topic.
        fileprivate let starts: [[Int]]

        /// The digests of the cards of the topic at `topic` in the category at `category`.
        func topic(_ topic: Int, of category: Int) -> Topic {
            Topic(contents: self, start: starts[category][topic])
        }

        /// One topic's card digests, by the card's position in the topic.
        struct Topic: Sendable {
            fileprivate let contents: Contents
            fileprivate let start: Int

            /// The card's own content (``CardDigest/add(_:label:images:to:)``).
            subscript(position: Int) -> RecordedHex { contents.digests[start + position] }
            /// The card's title and id (``CardDigest/label(of:)``).
            func label(_ position: Int) -> RecordedHex { contents.labels[start + position] }
            /// The card's title, id, section count and image count (``CardDigest/listing(of:label:)``).
            func listing(_ position: Int) -> RecordedHex { contents.listings[start + position] }
        }
    }

    /// What a link to a card shows and where it goes: its title and its id (which makes its path).
    static func label(of card: Card) -> RecordedHex {
        var hash = FNV1a()
        hash.add("label|")
        add(text: card.title, to: &hash)
        add(text: card.id, to: &hash)
        return hash.recorded
    }

    /// What a topic page lists of a card: its ``label(of:)``, its section count and its image count.
    static func listing(of card: Card, label: RecordedHex) -> RecordedHex {
        var hash = FNV1a()
        hash.add("listing|")
        hash.add(label)
        hash.add(card.sectionCount)
        hash.add(card.imageCount)
        return hash.recorded
    }

    /// The start of every card page digest of one topic: the site, the category and the topic, hashed
    /// once per topic rather than once per card (the same digests: hashing goes on from a copy).
    static func pagePrefix(in category: DeckCategory, _ topic: DeckTopic, site: String) -> FNV1a {
        var hash = FNV1a()
        // Pieces, not one interpolated string: making the strings was a third of the digest. A card's
        // path is made from its id alone (``SitePaths/card(_:)``).
        hash.add("card-page-4|")
        add(text: site, to: &hash)
        add(category: category, topic: topic, to: &hash)
        return hash
    }

    /// The digest of a card page, from its topic's ``pagePrefix(in:_:site:)``; `contents` is its topic's
    /// part of ``contents(of:images:)``.
    static func page(_ card: Card, in topic: DeckTopic, prefix: FNV1a, position: Int, note: [String: Any]?,
                     contents: Contents.Topic) -> RecordedHex? {
        var hash = prefix
        hash.add(position)
        hash.add(topic.cards.count)
        hash.add(contents[position])
        for neighbour in [position - 1, position + 1] {
            guard topic.cards.indices.contains(neighbour) else { hash.add(-1); continue }
            hash.add(contents.label(neighbour))
        }
        if let note {
            hash.add("note|")
            guard ContextDigest.add(note, to: &hash) else { return nil }
        }
        return hash.recorded
    }

    /// The digest of a topic page (``DeckPages/topic(_:_:notes:)`` in the `topic` template): the topic,
    /// its category, and each card's title, path, id, place, section and image counts (its
    /// ``listing(of:label:)``, from `cards`, the topic's part of ``contents(of:images:)``) and whether it
    /// has a note.
    static func topicPage(_ category: DeckCategory, _ topic: DeckTopic, cards: Contents.Topic, notes: Set<String>,
                          site: String) -> RecordedHex {
        var hash = FNV1a()
        hash.add("topic-page-3|")
        add(text: site, to: &hash)
        add(category: category, topic: topic, to: &hash)
        hash.add(topic.cards.count)
        for position in topic.cards.indices {
            hash.add(cards.listing(position))
            hash.add(!notes.isEmpty && notes.contains(topic.cards[position].id) ? 1 : 0)
        }
        return hash.recorded
    }

    /// The digest of a category page (``DeckPages/category(_:)`` in the `category` template): the
    /// category, and each topic's title, slug and cards, each card's title and path (its
    /// ``label(of:)``, from `cards`, ``contents(of:images:)`` of the deck holding the category at
    /// `index`). (Digesting the page's context instead, which lists every card of the category, cost
    /// 12 million instructions a page: a twentieth of a one-card edit at 10,000 cards.)
    static func categoryPage(_ category: DeckCategory, at index: Int, cards: Contents, site: String) -> RecordedHex {
        var hash = FNV1a()
        hash.add("category-page-3|")
        add(text: site, to: &hash)
        for text in [category.title, category.slug] { add(text: text, to: &hash) }
        hash.add(category.topics.count)
        for (topicIndex, topic) in category.topics.enumerated() {
            for text in [topic.title, topic.slug] { add(text: text, to: &hash) }
            hash.add(topic.cards.count)
            let labels = cards.topic(topicIndex, of: index)
            for position in topic.cards.indices { hash.add(labels.label(position)) }
        }
        return hash.recorded
    }

    /// The digest of a topic's study part file; `contents` is its topic's part of ``contents(of:images:)``.
    static func studyPart(_ part: Int, of category: DeckCategory, _ topic: DeckTopic, contents: Contents.Topic, site: String) -> RecordedHex {
        var hash = FNV1a()
        hash.add("study-part-3|")
        add(text: site, to: &hash)
        add(category: category, topic: topic, to: &hash)
        hash.add(part)
        let cards = StudyData.cards(of: topic, part: part)
        hash.add(cards.count)
        for position in cards.indices { hash.add(contents[position]) }
        return hash.recorded
    }

    /// The digest of `study/cards.js`: every category, topic and card title, key and section count (each
    /// card's ``label(of:)`` from `cards`, ``contents(of:images:)`` of `deck`), and each topic's card count
    /// (which, with the order, decides each card's part).
    static func studyIndex(_ deck: Deck, cards: Contents, deckName: String) -> RecordedHex {
        var hash = FNV1a()
        hash.add("study-index-3|")
        add(text: deckName, to: &hash)
        for (categoryIndex, category) in deck.categories.enumerated() {
            for (topicIndex, topic) in category.topics.enumerated() {
                add(category: category, topic: topic, to: &hash)
                hash.add(topic.cards.count)
                let labels = cards.topic(topicIndex, of: categoryIndex)
                for position in topic.cards.indices {
                    hash.add(labels.label(position))
                    hash.add(topic.cards[position].sectionCount)
                }
            }
        }
        return hash.recorded
    }

    private static func add(category: DeckCategory, topic: DeckTopic, to hash: inout FNV1a) {
        for text in [category.title, category.slug, topic.title, topic.slug] { add(text: text, to: &hash) }
    }

    /// Every field of a card (its title and id as its `label`), and the published form of each of its images.
    private static func add(_ card: Card, label: RecordedHex, images: [String: PublishedImage], to hash: inout FNV1a) {
        hash.add(label)  // the id makes the path
        add(text: card.category, to: &hash)
        add(text: card.topic, to: &hash)
        add(text: card.slide ?? "\u{0}", to: &hash)
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
