import Diagnostics
import Foundation

/// A card's saved repeat factor.
public struct CardProgress: Sendable, Equatable {
    /// The card id.
    public var card: String
    /// 1…5; 1 means completed.
    public var repeatFactor: Int
    /// When the factor was last set, when known.
    public var updatedAt: Date?
    /// Where the entry came from.
    public var source: SourceLocation

    /// Creates an entry.
    public init(card: String, repeatFactor: Int, updatedAt: Date? = nil, source: SourceLocation) {
        self.card = card
        self.repeatFactor = repeatFactor
        self.updatedAt = updatedAt
        self.source = source
    }

    /// Whether the card counts as completed.
    public var isCompleted: Bool { RepeatFactor.isCompleted(repeatFactor) }
}
