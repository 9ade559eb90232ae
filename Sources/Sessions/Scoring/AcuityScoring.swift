import Foundation

/// Scores acuity tests per §7.2.
public enum AcuityScoring {
    /// Letter-by-letter: with levels from logMAR `L0` (largest tested) down,
    /// `logMAR = L0 + 0.1 − Σ credited · 0.1 / n` (levels above `L0` count as read), plus
    /// `log10(design / actual)` for the distance. The line score is the smallest level passed
    /// (more than half correct). Returns `nil` for a test without levels or with a bad distance.
    public static func score(_ test: AcuityTest) -> AcuityScore? {
        guard let largest = test.levels.map(\.logMAR).max(),
              test.designDistanceCM > 0, test.testDistanceCM > 0 else { return nil }
        var logMAR = largest + 0.1
        for level in test.levels where level.size > 0 {
            logMAR -= Double(level.creditedCorrect) * 0.1 / Double(level.size)
        }
        let correction = distanceCorrection(designCM: test.designDistanceCM, actualCM: test.testDistanceCM)
        let line = test.levels.filter(\.isPassed).map(\.logMAR).min()
        return AcuityScore(
            letterByLetter: VisualAcuity(logMAR: logMAR + correction),
            line: line.map { VisualAcuity(logMAR: $0 + correction) },
            distanceCorrection: correction,
            largestLevel: largest)
    }

    /// `log10(design / actual)`: positive when the test was closer than designed (letters looked bigger).
    public static func distanceCorrection(designCM: Double, actualCM: Double) -> Double {
        guard designCM > 0, actualCM > 0 else { return 0 }
        let value = log10(designCM / actualCM)
        return abs(value) < 1e-12 ? 0 : value
    }
}
