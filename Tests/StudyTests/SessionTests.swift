import Foundation
import Testing
@testable import Study

struct SessionTests {
    func review(_ card: String, _ rating: StudyRating, _ minutes: Double) throws -> StudyReview {
        StudyReview(card: card, rating: rating, at: try time("2025-05-01T08:00:00Z").addingTimeInterval(minutes * 60))
    }

    @Test func aGapOfThirtyMinutesStartsANewSession() throws {
        let reviews = [
            try review("a", .hard, 0), try review("b", .unsure, 5), try review("a", .easy, 10),
            try review("b", .easy, 39.99),          // 29.99 min later: same session
            try review("c", .hard, 69.99),          // exactly 30 min later: new session
            try review("b", .hard, 70), try review("c", .easy, 71),
        ]
        let sessions = StudySession.group(reviews.shuffled())
        #expect(sessions.count == 2)
        let first = try #require(sessions.first), second = try #require(sessions.last)
        #expect(first.reviewCount == 4 && first.cardCount == 2)
        #expect((first.easy, first.unsure, first.hard) == (2, 1, 1))
        #expect(first.completed == ["a", "b"])
        #expect(second.reviewCount == 3 && second.cardCount == 2)
        #expect((second.easy, second.unsure, second.hard) == (1, 0, 2))
        // b was completed before and is hard now; c is newly completed.
        #expect(second.completed == ["c"])
        #expect(abs(first.duration - 39.99 * 60) < 0.001)
    }

    @Test func noReviewsNoSessions() {
        #expect(StudySession.group([]).isEmpty)
    }

    @Test func historyHasEveryDayBetween() throws {
        let start = try time("2025-05-01T23:00:00Z")
        let reviews = [StudyReview(card: "a", rating: .hard, at: start),
                       StudyReview(card: "a", rating: .easy, at: start.addingTimeInterval(3600 * 2)),
                       StudyReview(card: "b", rating: .unsure, at: start.addingTimeInterval(86_400 * 3))]
        let days = ReviewDay.history(reviews)
        #expect(days.map(\.day) == ["2025-05-01", "2025-05-02", "2025-05-03", "2025-05-04"])
        #expect(days.map(\.total) == [1, 1, 0, 1])
        #expect(days[0].hard == 1 && days[1].easy == 1 && days[3].unsure == 1)
    }

    @Test func dueDatesReplayTheLog() throws {
        let start = try time("2025-05-01T08:00:00Z")
        let reviews = [StudyReview(card: "a", rating: .easy, at: start),
                       StudyReview(card: "a", rating: .easy, at: start.addingTimeInterval(600)),
                       StudyReview(card: "b", rating: .hard, at: start)]
        let due = DueCard.schedule(reviews)
        #expect(due.map(\.card) == ["b", "a"])  // b is due in a minute, a in days
        #expect(due[0].due == start.addingTimeInterval(60))
        #expect(due[1].memory.state == .review)
    }
}
