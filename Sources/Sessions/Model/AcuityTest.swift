/// One eye (or both together) tested with one kind of optotype.
public struct AcuityTest: Sendable, Equatable {
    /// The eye tested.
    public var eye: Eye
    /// The optotype used.
    public var optotype: AcuityOptotype
    /// The levels tested, largest first.
    public var levels: [AcuityLevel]
    /// The distance the chart's sizes were designed for, in centimetres.
    public var designDistanceCM: Double
    /// The distance the test was done at, in centimetres.
    public var testDistanceCM: Double
    /// The smallest and largest distance recorded, when it varied during the test.
    public var distanceRangeCM: ClosedRange<Double>?

    /// Creates a test; levels are sorted largest first.
    public init(eye: Eye, optotype: AcuityOptotype, levels: [AcuityLevel], designDistanceCM: Double,
                testDistanceCM: Double, distanceRangeCM: ClosedRange<Double>? = nil) {
        self.eye = eye
        self.optotype = optotype
        self.levels = levels.sorted { $0.logMAR > $1.logMAR }
        self.designDistanceCM = designDistanceCM
        self.testDistanceCM = testDistanceCM
        self.distanceRangeCM = distanceRangeCM
    }

    /// The score per §7.2.
    public var score: AcuityScore? { AcuityScoring.score(self) }
}
