import Foundation

/// Scores acuity tests per §7.2.
public enum AcuityScoring {
    /// Letter-by-letter, for any set of tested levels: each level of `n` optotypes covers the logMAR
    /// interval `Δ` to the next larger level tested (0.1 for the largest, L0), and each optotype read
    /// is worth `Δ / n`. `logMAR = L0 + 0.1 − Σ credited · Δ / n` (levels above L0 count as read), plus
    /// `log10(design / actual)` for the distance. Reading every optotype down to level `L` and none
    /// below scores exactly `L`; with 0.1 steps this is the classic 0.02 per letter of a 5-letter row.
    /// The line score is the smallest level passed (more than half correct).
    /// Returns `nil` for a test without levels or with a bad distance.
    public static func score(_ test: AcuityTest) -> AcuityScore? {
        let levels = test.levels.filter { $0.size > 0 && $0.logMAR.isFinite }.sorted { $0.logMAR > $1.logMAR }
        guard let largest = levels.first?.logMAR,
              test.designDistanceCM > 0, test.testDistanceCM > 0 else { return nil }
        var logMAR = largest + 0.1
        var larger = largest + 0.1
        for level in levels {
            let interval = larger - level.logMAR
            logMAR -= Double(level.creditedCorrect) * interval / Double(level.size)
            larger = level.logMAR
        }
        // Sums of tenths carry binary noise (0.30000000000000004); keep 12 decimals, far below any label.
        logMAR = (logMAR * 1e12).rounded() / 1e12
        let correction = distanceCorrection(designCM: test.designDistanceCM, actualCM: test.testDistanceCM)
        let line = levels.filter(\.isPassed).map(\.logMAR).min()
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
