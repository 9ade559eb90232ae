/// FSRS's four answer grades.
public enum FSRSGrade: Int, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Forgotten.
    case again = 1
    /// Recalled with serious difficulty.
    case hard = 2
    /// Recalled.
    case good = 3
    /// Recalled easily.
    case easy = 4
}
