import Foundation
import Testing
@testable import Study

/// The model app's rules: Hard → 5, Unsure → 3, Easy → 1 = completed.
struct RepeatFactorTests {
    @Test(arguments: [(StudyRating.hard, 5), (.unsure, 3), (.easy, 1)])
    func ratingSetsFactor(rating: StudyRating, factor: Int) {
        #expect(rating.repeatFactor == factor)
        #expect(RepeatFactor.isCompleted(rating.repeatFactor) == (rating == .easy))
    }

    @Test func latestOfSavedFactorAndReviewWins() throws {
        var record = StudyRecord()
        let (export, _) = readExport("""
        {"format":"loupe-study","version":1,
         "cards":{"a/b/c":{"repeat":1,"updatedAt":"2025-05-01T10:00:00.000Z"},"a/b/d":{"repeat":3}},
         "reviews":[{"card":"a/b/c","rating":"hard","at":"2025-05-01T09:00:00.000Z"},
                    {"card":"a/b/d","rating":"easy","at":"2025-05-01T09:10:00.000Z"}]}
        """)
        record.add(try #require(export))
        #expect(record.repeatFactor(of: "a/b/c") == 1)  // saved after the hard review
        #expect(record.repeatFactor(of: "a/b/d") == 1)  // undated entry: the review is newer
        #expect(record.repeatFactor(of: "x/y/z") == nil)
    }

    @Test func completionCountsPerCategory() throws {
        var record = StudyRecord()
        let (export, _) = readExport("""
        {"format":"loupe-study","version":1,
         "reviews":[{"card":"retina/amd/wet","rating":"easy","at":"2025-05-01T09:00:00Z"},
                    {"card":"retina/amd/dry","rating":"hard","at":"2025-05-01T09:01:00Z"},
                    {"card":"lens/cataract/pc","rating":"easy","at":"2025-05-01T09:02:00Z"}]}
        """)
        record.add(try #require(export))
        let cards = [("retina/amd/wet", "Retina"), ("retina/amd/dry", "Retina"), ("retina/amd/other", "Retina"),
                     ("lens/cataract/pc", "Lens")].map { (id: $0.0, category: $0.1) }
        let (overall, categories) = CompletionCount.count(cards, deckTitle: "Deck", record: record)
        #expect(overall == CompletionCount(title: "Deck", completed: 2, studied: 3, total: 4))
        #expect(categories.map(\.title) == ["Retina", "Lens"])
        #expect(categories[0].completed == 1 && categories[0].studied == 2 && categories[0].total == 3)
        #expect(categories[1].percent == 100)
        #expect(overall.percent == 50)
    }

    /// Cards of one category need not be listed together, and an empty record studied none of them.
    @Test func completionCountsAddUpACategoryListedInPieces() {
        let cards = [("a/1", "Retina"), ("b/1", "Lens"), ("a/2", "Retina"), ("a/3", "Retina"), ("c/1", "Cornea"), ("b/2", "Lens")]
            .map { (id: $0.0, category: $0.1) }
        let (overall, categories) = CompletionCount.count(cards, deckTitle: "Deck", record: StudyRecord())
        #expect(overall == CompletionCount(title: "Deck", completed: 0, studied: 0, total: 6))
        #expect(categories == [CompletionCount(title: "Retina", total: 3), CompletionCount(title: "Lens", total: 2),
                               CompletionCount(title: "Cornea", total: 1)])
    }
}
