/// A review deck: categories of topics of cards, in the order of the export.
public struct Deck: Sendable, Equatable {
    /// Categories in first-seen order.
    public var categories: [DeckCategory]

    /// Creates a deck.
    public init(categories: [DeckCategory]) { self.categories = categories }

    /// Every card, in deck order.
    public var cards: [Card] { categories.flatMap { $0.topics.flatMap(\.cards) } }

    /// The number of cards.
    public var cardCount: Int { categories.reduce(0) { $0 + $1.cardCount } }
}

/// A category of the deck, e.g. "Retina".
public struct DeckCategory: Sendable, Equatable {
    /// Display title.
    public var title: String
    /// URL-safe slug, unique among categories.
    public var slug: String
    /// Topics in first-seen order.
    public var topics: [DeckTopic]

    /// Creates a category.
    public init(title: String, slug: String, topics: [DeckTopic] = []) {
        self.title = title
        self.slug = slug
        self.topics = topics
    }

    /// The number of cards in the category.
    public var cardCount: Int { topics.reduce(0) { $0 + $1.cards.count } }
}

/// A topic of a category, e.g. "Optic Disc Anomalies".
public struct DeckTopic: Sendable, Equatable {
    /// Display title.
    public var title: String
    /// URL-safe slug, unique within its category.
    public var slug: String
    /// Cards in deck order.
    public var cards: [Card]

    /// Creates a topic.
    public init(title: String, slug: String, cards: [Card] = []) {
        self.title = title
        self.slug = slug
        self.cards = cards
    }
}
