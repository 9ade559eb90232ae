import Foundation

/// One answer in the raw review log: which card, what rating, when.
public struct StudyReview: Sendable, Equatable, Hashable, Codable {
    /// The card id (`category/topic/subtopic`).
    public var card: String
    /// The rating given.
    public var rating: StudyRating
    /// When it was given.
    public var at: Date

    /// Creates a review.
    public init(card: String, rating: StudyRating, at: Date) {
        self.card = card
        self.rating = rating
        self.at = at
    }
}
