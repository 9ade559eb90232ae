import Foundation

/// The answers given on one UTC day, for the review history chart.
public struct ReviewDay: Sendable, Equatable, Codable {
    /// `2025-05-01`.
    public var day: String
    /// Days since 1970-01-01.
    public var dayNumber: Int
    /// Easy answers.
    public var easy: Int
    /// Unsure answers.
    public var unsure: Int
    /// Hard answers.
    public var hard: Int

    /// All answers that day.
    public var total: Int { easy + unsure + hard }

    /// One entry per day from the first review's day to the last's, days without reviews included.
    public static func history(_ reviews: [StudyReview]) -> [ReviewDay] {
        guard let first = reviews.map(\.at).min(), let last = reviews.map(\.at).max() else { return [] }
        let start = StudyTime.dayNumber(first), end = StudyTime.dayNumber(last)
        var days = (start...end).map { ReviewDay(day: StudyTime.day(number: $0), dayNumber: $0, easy: 0, unsure: 0, hard: 0) }
        for review in reviews {
            let slot = StudyTime.dayNumber(review.at) - start
            switch review.rating {
            case .easy: days[slot].easy += 1
            case .unsure: days[slot].unsure += 1
            case .hard: days[slot].hard += 1
            }
        }
        return days
    }
}
