import Foundation

/// A study session (SPEC §6.5) to document: reviews already grouped by the caller (a gap of
/// 30 minutes or more starts a new session).
public struct StudySessionSummary: Sendable, Equatable {
    /// A card completed during the session, with its page relative to the site root.
    public struct CompletedCard: Sendable, Equatable {
        /// The card's title.
        public var title: String
        /// The card page, relative to the site root (e.g. `deck/retina/macula/drusen.html`).
        public var url: String

        /// Creates an entry.
        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// First review.
    public var start: Date
    /// Last review.
    public var end: Date
    /// Reviews in the session.
    public var reviewCount: Int
    /// Distinct cards reviewed.
    public var cardCount: Int
    /// Easy answers.
    public var easy: Int
    /// Unsure answers.
    public var unsure: Int
    /// Hard answers.
    public var hard: Int
    /// Cards that reached "completed" (repeat factor 1) during the session.
    public var completed: [CompletedCard]

    /// Creates a summary.
    public init(start: Date, end: Date, reviewCount: Int, cardCount: Int, easy: Int, unsure: Int, hard: Int,
                completed: [CompletedCard]) {
        self.start = start
        self.end = end
        self.reviewCount = reviewCount
        self.cardCount = cardCount
        self.easy = easy
        self.unsure = unsure
        self.hard = hard
        self.completed = completed
    }
}
