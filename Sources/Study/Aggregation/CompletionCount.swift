/// Completed cards out of all, for the whole deck or one category.
public struct CompletionCount: Sendable, Equatable {
    /// The deck or category title.
    public var title: String
    /// Completed cards (repeat factor 1).
    public var completed: Int
    /// Studied cards (any repeat factor).
    public var studied: Int
    /// All cards.
    public var total: Int

    /// Creates a count.
    public init(title: String, completed: Int = 0, studied: Int = 0, total: Int = 0) {
        self.title = title
        self.completed = completed
        self.studied = studied
        self.total = total
    }

    /// Completed as a share of all, 0…1.
    public var fraction: Double { total == 0 ? 0 : Double(completed) / Double(total) }

    /// Whole percent completed, rounded down so 100 % means every card.
    public var percent: Int { total == 0 ? 0 : completed * 100 / total }

    /// Counts per category (in `cards` order) and overall, from `record`.
    /// - Parameter cards: every card of the deck as (id, category title), in deck order.
    public static func count(_ cards: [(id: String, category: String)], deckTitle: String,
                             record: StudyRecord) -> (overall: CompletionCount, categories: [CompletionCount]) {
        var overall = CompletionCount(title: deckTitle)
        var categories: [CompletionCount] = []
        var index: [String: Int] = [:]
        // A deck lists a category's cards together, sharing one title: most cards find their category
        // here without hashing its title.
        var last: (category: String, slot: Int)?
        for card in cards {
            let slot: Int
            if let last, last.category == card.category {
                slot = last.slot
            } else {
                slot = index[card.category] ?? {
                    categories.append(CompletionCount(title: card.category))
                    index[card.category] = categories.count - 1
                    return categories.count - 1
                }()
                last = (card.category, slot)
            }
            let factor = record.repeatFactor(of: card.id)
            categories[slot].total += 1
            overall.total += 1
            if let factor {
                categories[slot].studied += 1
                overall.studied += 1
                if RepeatFactor.isCompleted(factor) {
                    categories[slot].completed += 1
                    overall.completed += 1
                }
            }
        }
        return (overall, categories)
    }
}
