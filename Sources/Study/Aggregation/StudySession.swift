import Foundation

/// A study session (§6.5): reviews with no gap of 30 minutes or more between them.
public struct StudySession: Sendable, Equatable, Codable {
    /// The first review's time.
    public var start: Date
    /// The last review's time.
    public var end: Date
    /// How many answers were given.
    public var reviewCount: Int
    /// How many different cards were reviewed.
    public var cardCount: Int
    /// Easy answers.
    public var easy: Int
    /// Unsure answers.
    public var unsure: Int
    /// Hard answers.
    public var hard: Int
    /// Cards that were not completed before the session and were completed (repeat factor 1) at its end.
    public var completed: [String]

    /// The gap that starts a new session.
    public static let gap: TimeInterval = 30 * 60

    /// Groups `reviews` (any order) into sessions, oldest first. Completion is replayed from the
    /// reviews: a card's repeat factor is set by its latest rating.
    public static func group(_ reviews: [StudyReview], gap: TimeInterval = StudySession.gap) -> [StudySession] {
        let sorted = reviews.sorted { ($0.at, $0.card, $0.rating.rawValue) < ($1.at, $1.card, $1.rating.rawValue) }
        var sessions: [StudySession] = []
        var factor: [String: Int] = [:]  // repeat factor after every review so far
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, sorted[end].at.timeIntervalSince(sorted[end - 1].at) < gap { end += 1 }
            let slice = sorted[index..<end]
            let before = factor
            for review in slice { factor[review.card] = review.rating.repeatFactor }
            let cards = Set(slice.map(\.card))
            let completed = cards.filter { card in
                RepeatFactor.isCompleted(factor[card] ?? RepeatFactor.most) && !(before[card].map(RepeatFactor.isCompleted) ?? false)
            }.sorted()
            sessions.append(StudySession(
                start: sorted[index].at, end: sorted[end - 1].at, reviewCount: slice.count, cardCount: cards.count,
                easy: slice.count { $0.rating == .easy }, unsure: slice.count { $0.rating == .unsure },
                hard: slice.count { $0.rating == .hard }, completed: completed))
            index = end
        }
        return sessions
    }

    /// The session's length.
    public var duration: TimeInterval { end.timeIntervalSince(start) }
}
