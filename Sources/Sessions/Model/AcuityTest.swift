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

extension AcuityTest {
    /// The ten Sloan letters.
    public static let sloanLetters: Set<String> = ["C", "D", "H", "K", "N", "O", "R", "S", "V", "Z"]

    /// What was shown, named by what it was: `Sloan letters` only when every letter shown is one;
    /// the acuity app's "ETDRS" test shows C D F H K N P R X J Z (older builds U V), which are
    /// `Letters C D F H J K N P R X Z (not all Sloan)`.
    public var optotypeName: String {
        switch optotype {
        case .tumblingE, .landoltC:
            return optotype.displayName
        case .sloan:
            let shown = Set(levels.flatMap(\.trials).map { $0.shown.trimmingCharacters(in: .whitespaces).uppercased() }
                .filter { !$0.isEmpty })
            if shown.isSubset(of: Self.sloanLetters) { return "Sloan letters" }
            let letters = shown.sorted().joined(separator: " ")
            return "Letters \(letters) (not all Sloan)"
        }
    }
}
