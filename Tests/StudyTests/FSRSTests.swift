import Foundation
import Testing
@testable import Study

/// The FSRS-6 scheduler against vectors computed by the reference implementation (py-fsrs 6.3.1),
/// the same file the browser scheduler is tested against (`tests/js/fsrs.test.mjs`).
struct FSRSTests {
    struct Vectors: Decodable {
        struct Case: Decodable {
            struct Review: Decodable { var grade: Int; var at: String }
            struct Expected: Decodable {
                var state: String; var step: Int?; var stability: Double; var difficulty: Double
                var due: String; var intervalDays: Int
            }
            struct Published: Decodable { var intervalDays: [Int]?; var stability: Double?; var difficulty: Double? }
            var name: String
            var learningSteps: [Double]
            var relearningSteps: [Double]
            var reviews: [Review]
            var expected: [Expected]
            var published: Published?
        }
        var weights: [Double]
        var desiredRetention: Double
        var cases: [Case]
    }

    static func vectors() throws -> Vectors {
        let url = repositoryRoot.appendingPathComponent("tests/js/fsrs-vectors.json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }

    @Test func defaultWeightsAreTheReferenceOnes() throws {
        #expect(try Self.vectors().weights == FSRSParameters.defaultWeights)
        #expect(FSRSParameters.defaultWeights.count == 21)
    }

    @Test func everyVectorMatchesTheReference() throws {
        let vectors = try Self.vectors()
        #expect(vectors.cases.count >= 5)
        for testCase in vectors.cases {
            let parameters = FSRSParameters(weights: vectors.weights, desiredRetention: vectors.desiredRetention,
                                            learningSteps: testCase.learningSteps, relearningSteps: testCase.relearningSteps,
                                            maximumInterval: 36_500)
            let scheduler = FSRSScheduler(parameters: parameters)
            var card = FSRSCard()
            var intervals: [Int] = []
            for (review, expected) in zip(testCase.reviews, testCase.expected) {
                let grade = try #require(FSRSGrade(rawValue: review.grade))
                let at = try time(review.at)
                card = scheduler.review(card, grade: grade, at: at)
                let stability = try #require(card.stability), difficulty = try #require(card.difficulty)
                #expect(card.state.rawValue == expected.state, "\(testCase.name)")
                #expect(card.step == expected.step, "\(testCase.name)")
                #expect(abs(stability - expected.stability) < 1e-6, "\(testCase.name): stability \(stability) vs \(expected.stability)")
                #expect(abs(difficulty - expected.difficulty) < 1e-6, "\(testCase.name): difficulty")
                #expect(card.due.map(StudyTime.format) == expected.due, "\(testCase.name)")
                let due = try #require(card.due)
                intervals.append(FSRSScheduler.wholeDays(from: at, to: due))
            }
            if let published = testCase.published {
                if let expected = published.intervalDays { #expect(intervals == expected, "\(testCase.name)") }
                if let expected = published.stability { #expect(abs((card.stability ?? 0) - expected) < 1e-4) }
                if let expected = published.difficulty { #expect(abs((card.difficulty ?? 0) - expected) < 1e-4) }
            }
        }
    }

    @Test func publishedReviewCardIntervals() throws {
        // py-fsrs tests/test_basic.py test_review_card: Good ×6, Again ×2, Good ×5, each at its due time.
        let scheduler = FSRSScheduler()
        var card = FSRSCard()
        var at = try time("2022-11-29T12:30:00Z")
        var intervals: [Int] = []
        for grade: FSRSGrade in [.good, .good, .good, .good, .good, .good, .again, .again, .good, .good, .good, .good, .good] {
            card = scheduler.review(card, grade: grade, at: at)
            let due = try #require(card.due)
            intervals.append(FSRSScheduler.wholeDays(from: at, to: due))
            at = due
        }
        #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    }

    @Test func ratingsMapToGrades() {
        #expect(StudyRating.hard.grade == .again)
        #expect(StudyRating.unsure.grade == .hard)
        #expect(StudyRating.easy.grade == .good)
    }

    @Test func retrievabilityFallsWithTime() throws {
        let scheduler = FSRSScheduler()
        let start = try time("2025-01-01T00:00:00Z")
        let card = scheduler.replay([(.good, start), (.good, start.addingTimeInterval(600))])
        let soon = scheduler.retrievability(of: card, at: start.addingTimeInterval(86_400))
        let later = scheduler.retrievability(of: card, at: start.addingTimeInterval(86_400 * 30))
        #expect(soon > later)
        #expect(scheduler.retrievability(of: FSRSCard(), at: start) == 0)
    }
}
