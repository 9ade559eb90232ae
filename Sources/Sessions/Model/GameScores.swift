/// The scores of a game. A skill the game does not measure has no value (the games app writes `"50"`
/// for those); it is never plotted or averaged.
public struct GameScores: Sendable, Equatable {
    /// Scores by axis; only measured axes are present.
    public var values: [GameAxis: Double]

    /// Creates scores; an axis left out is not measured.
    public init(_ values: [GameAxis: Double]) { self.values = values }

    /// The score on `axis`, or `nil` when it was not measured.
    public subscript(axis: GameAxis) -> Double? { values[axis] }

    /// The mean of several games' scores, axis by axis over the games that measured it; `nil` for none.
    public static func mean(of scores: [GameScores]) -> GameScores? {
        guard !scores.isEmpty else { return nil }
        var result: [GameAxis: Double] = [:]
        for axis in GameAxis.allCases {
            let measured = scores.compactMap { $0[axis] }
            if !measured.isEmpty { result[axis] = measured.reduce(0, +) / Double(measured.count) }
        }
        return GameScores(result)
    }
}
