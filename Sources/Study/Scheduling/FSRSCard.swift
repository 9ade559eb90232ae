import Foundation

/// A card's memory state under FSRS.
public struct FSRSCard: Sendable, Equatable, Codable {
    /// Where the card is in its life.
    public enum State: String, Sendable, Equatable, Codable {
        /// New or going through the learning steps.
        case learning
        /// Scheduled in days.
        case review
        /// Forgotten and going through the relearning steps.
        case relearning
    }

    /// The card's state.
    public var state: State = .learning
    /// The current (re)learning step, `nil` in review.
    public var step: Int? = 0
    /// Memory stability in days, `nil` before the first review.
    public var stability: Double?
    /// Difficulty 1…10, `nil` before the first review.
    public var difficulty: Double?
    /// When the card is next due, `nil` before the first review.
    public var due: Date?
    /// When the card was last reviewed.
    public var lastReview: Date?

    /// A card never reviewed.
    public init() {}
}
