import Foundation

/// A card's next FSRS due date, replayed from its reviews.
public struct DueCard: Sendable, Equatable {
    /// The card id.
    public var card: String
    /// When it is due.
    public var due: Date
    /// Its FSRS memory state.
    public var memory: FSRSCard

    /// Every reviewed card's schedule, soonest due first, from the review log. Ratings map to FSRS
    /// grades Hard → Again, Unsure → Hard, Easy → Good.
    public static func schedule(_ reviews: [StudyReview], scheduler: FSRSScheduler = FSRSScheduler()) -> [DueCard] {
        Dictionary(grouping: reviews, by: \.card).compactMap { card, list -> DueCard? in
            let memory = scheduler.replay(list.sorted { $0.at < $1.at }.map { ($0.rating.grade, $0.at) })
            guard let due = memory.due else { return nil }
            return DueCard(card: card, due: due, memory: memory)
        }.sorted { ($0.due, $0.card) < ($1.due, $1.card) }
    }
}
