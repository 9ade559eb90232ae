/// One of the five scores of a rehabilitation game, in the order the radar chart draws them.
public enum GameAxis: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Balance.
    case balance
    /// Dexterity.
    case dexterity
    /// Facial expression.
    case facial
    /// Posture.
    case posture
    /// Speech.
    case speech

    /// The label shown.
    public var displayName: String {
        switch self {
        case .balance: return "Balance"
        case .dexterity: return "Dexterity"
        case .facial: return "Facial"
        case .posture: return "Posture"
        case .speech: return "Speech"
        }
    }
}
