import Diagnostics
import Foundation

/// Everything known about a student's study, merged from every export and Markdown note.
public struct StudyRecord: Sendable, Equatable {
    /// Notes by card id, in a stable order (Markdown notes first, then by file).
    public private(set) var notes: [String: [StudyNote]] = [:]
    /// The newest repeat-factor entry by card id.
    public private(set) var savedProgress: [String: CardProgress] = [:]
    /// The review log, oldest first, duplicates (same card, rating and time) removed.
    public private(set) var reviews: [StudyReview] = []
    /// The newest `exportedAt` of the merged exports.
    public private(set) var exportedAt: Date?
    /// Deck names the exports were made from.
    public private(set) var decks: Set<String> = []
    /// The latest review of each card.
    public private(set) var lastReviews: [String: StudyReview] = [:]

    /// An empty record.
    public init() {}

    /// Adds an export.
    public mutating func add(_ export: StudyExport) {
        for note in export.notes { add(note) }
        for entry in export.progress {
            if let existing = savedProgress[entry.card], !Self.isNewer(entry.updatedAt, than: existing.updatedAt) { continue }
            savedProgress[entry.card] = entry
        }
        var seen = Set(reviews)
        for review in export.reviews where seen.insert(review).inserted { reviews.append(review) }
        reviews.sort { ($0.at, $0.card, $0.rating.rawValue) < ($1.at, $1.card, $1.rating.rawValue) }
        lastReviews = [:]
        for review in reviews { lastReviews[review.card] = review }
        if let date = export.exportedAt, exportedAt.map({ date > $0 }) ?? true { exportedAt = date }
        if let deck = export.deck { decks.insert(deck) }
    }

    /// Adds a note (an identical note already present from another file is not repeated).
    public mutating func add(_ note: StudyNote) {
        var list = notes[note.card] ?? []
        if list.contains(where: { $0.text == note.text && $0.format == note.format }) { return }
        list.append(note)
        list.sort { ($0.format == .markdown ? 0 : 1, $0.source.path, $0.source.line ?? 0) < ($1.format == .markdown ? 0 : 1, $1.source.path, $1.source.line ?? 0) }
        notes[note.card] = list
    }

    private static func isNewer(_ date: Date?, than other: Date?) -> Bool {
        switch (date, other) {
        case (let a?, let b?): return a >= b
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return true  // later files win
        }
    }

    /// The repeat factor of `card`: the newest of its saved entry and its last review; `nil` if never studied.
    public func repeatFactor(of card: String) -> Int? {
        // No hashing of the id (every card of the deck, for the Progress page) when nothing is recorded.
        if lastReviews.isEmpty && savedProgress.isEmpty { return nil }
        let lastReview = lastReviews[card]
        switch (savedProgress[card], lastReview) {
        case (let saved?, let review?):
            if let updated = saved.updatedAt, updated >= review.at { return saved.repeatFactor }
            return review.rating.repeatFactor
        case (let saved?, nil): return saved.repeatFactor
        case (nil, let review?): return review.rating.repeatFactor
        case (nil, nil): return nil
        }
    }

    /// Reviews grouped by card, each oldest first.
    public var reviewsByCard: [String: [StudyReview]] {
        Dictionary(grouping: reviews, by: \.card)
    }

    /// Every card id the record mentions.
    public var cardIds: Set<String> {
        Set(notes.keys).union(savedProgress.keys).union(reviews.map(\.card))
    }

    /// The moment the static Progress page describes: the newest export time, or the last review.
    public var asOf: Date? { exportedAt ?? reviews.last?.at }

    /// What the record holds for cards not in `deck`: notes, progress and reviews of cards that
    /// were removed or renamed since the export was made.
    public func orphans(in deck: Set<String>) -> [OrphanedCard] {
        let byCard = reviewsByCard
        return cardIds.subtracting(deck).sorted().map { id in
            OrphanedCard(card: id, notes: notes[id] ?? [], repeatFactor: repeatFactor(of: id),
                         reviewCount: byCard[id]?.count ?? 0,
                         source: notes[id]?.first?.source ?? savedProgress[id]?.source)
        }
    }
}

/// Study data for a card id the deck no longer has.
public struct OrphanedCard: Sendable, Equatable {
    /// The card id as saved.
    public var card: String
    /// Its notes.
    public var notes: [StudyNote]
    /// Its repeat factor, when any.
    public var repeatFactor: Int?
    /// How many reviews it had.
    public var reviewCount: Int
    /// Where it is first mentioned, when known.
    public var source: SourceLocation?
}
