/// The five scores of a game, each 0–10.
public struct GameScores: Sendable, Equatable {
    /// Scores by axis.
    public var values: [GameAxis: Double]

    /// Creates scores; a missing axis reads as 0.
    public init(_ values: [GameAxis: Double]) { self.values = values }

    /// The score on `axis`.
    public subscript(axis: GameAxis) -> Double { values[axis] ?? 0 }

    /// The mean of several games' scores, axis by axis; `nil` for none.
    public static func mean(of scores: [GameScores]) -> GameScores? {
        guard !scores.isEmpty else { return nil }
        var result: [GameAxis: Double] = [:]
        for axis in GameAxis.allCases {
            result[axis] = scores.map { $0[axis] }.reduce(0, +) / Double(scores.count)
        }
        return GameScores(result)
    }
}
