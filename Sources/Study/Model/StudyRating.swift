/// The three answers a student gives after the last section of a card, as in the model app.
public enum StudyRating: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Known well: the card is completed.
    case easy
    /// Partly known.
    case unsure
    /// Not known.
    case hard

    /// The repeat factor the rating sets (5 = shown most often, 1 = completed).
    public var repeatFactor: Int {
        switch self {
        case .easy: return RepeatFactor.completed
        case .unsure: return 3
        case .hard: return RepeatFactor.most
        }
    }

    /// The FSRS grade the rating stands for: Hard → Again, Unsure → Hard, Easy → Good.
    public var grade: FSRSGrade {
        switch self {
        case .easy: return .good
        case .unsure: return .hard
        case .hard: return .again
        }
    }
}

/// The model app's repeat factor: how often a card comes back within a study session.
public enum RepeatFactor {
    /// The factor of a completed card.
    public static let completed = 1
    /// The factor of a card shown most often.
    public static let most = 5
    /// Factors accepted in an export.
    public static let range = 1...5

    /// Whether a card with `factor` counts as completed.
    public static func isCompleted(_ factor: Int) -> Bool { factor <= completed }
}
