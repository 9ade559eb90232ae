/// The score of one acuity test (§7.2).
public struct AcuityScore: Sendable, Equatable {
    /// Letter-by-letter acuity, distance correction included.
    public var letterByLetter: VisualAcuity
    /// The line score: the smallest level with more than half read, distance correction included;
    /// `nil` when no level was passed.
    public var line: VisualAcuity?
    /// `log10(design / actual)` added for testing away from the chart's design distance.
    public var distanceCorrection: Double
    /// The largest level tested (L0), at the design distance.
    public var largestLevel: Double

    /// Creates a score.
    public init(letterByLetter: VisualAcuity, line: VisualAcuity?, distanceCorrection: Double, largestLevel: Double) {
        self.letterByLetter = letterByLetter
        self.line = line
        self.distanceCorrection = distanceCorrection
        self.largestLevel = largestLevel
    }
}
