import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Acuity scoring (§7.2)")
struct AcuityScoringTests {
    /// Levels 20/200 … 20/50 stopped early, 20/40 with 8 of 10, 20/32 with 4 of 10.
    static func workedExample() -> AcuityTest {
        let passed = ["20/200", "20/160", "20/125", "20/100", "20/80", "20/63", "20/50"]
        var levels = passed.map { label in
            AcuityLevel(logMAR: VisualAcuity(snellen: label)?.logMAR ?? .nan, label: label,
                        trials: TestSupport.early.map { AcuityTrial(shown: "H", response: "H", isCorrect: $0) },
                        size: 10, appliesEarlyStop: true)
        }
        for (label, correct) in [("20/40", 8), ("20/32", 4)] {
            levels.append(AcuityLevel(logMAR: VisualAcuity(snellen: label)?.logMAR ?? .nan, label: label,
                                      trials: TestSupport.of10(correct).map { AcuityTrial(shown: "H", response: $0 ? "H" : "K", isCorrect: $0) },
                                      size: 10, appliesEarlyStop: true))
        }
        return AcuityTest(eye: .right, optotype: .sloan, levels: levels, designDistanceCM: 40, testDistanceCM: 40)
    }

    @Test func workedExampleGivesLogMAR028AndSnellen20Over38() throws {
        let score = try #require(Self.workedExample().score)
        #expect(abs(score.letterByLetter.logMAR - 0.28) < 1e-9)
        #expect(score.letterByLetter.logMARText == "0.28")
        #expect(score.letterByLetter.snellenFeetText == "20/38")
        #expect(score.letterByLetter.etdrsLettersText == "71")
        #expect(score.distanceCorrection == 0)
        // Line score: 20/40 passed (8 of 10), 20/32 not (4 of 10).
        #expect(score.line?.logMARText == "0.30")
    }

    @Test func workedExampleWithOnlyTheLastTwoLevelsTested() throws {
        // L0 = 0.3: levels above it count as read, so the result is the same.
        var test = Self.workedExample()
        test.levels = Array(test.levels.suffix(2))
        let score = try #require(test.score)
        #expect(score.letterByLetter.logMARText == "0.28")
        #expect(score.largestLevel == 0.3)
    }

    @Test func chartRowsOfFiveAreWorthPointZeroTwoEach() throws {
        let rows: [(Double, Int)] = [(0.5, 5), (0.4, 5), (0.3, 4), (0.2, 2), (0.1, 0)]
        let levels = rows.map { logMAR, correct in
            AcuityLevel(logMAR: logMAR, trials: (0..<5).map { AcuityTrial(shown: "N", response: nil, isCorrect: $0 < correct) }, size: 5)
        }
        let score = try #require(AcuityTest(eye: .left, optotype: .sloan, levels: levels, designDistanceCM: 300, testDistanceCM: 300).score)
        // 0.5 + 0.1 − 16 × 0.02 = 0.28
        #expect(abs(score.letterByLetter.logMAR - 0.28) < 1e-9)
        #expect(score.line?.logMARText == "0.30") // 4 of 5 passes; 2 of 5 does not
    }

    @Test func distanceCorrectionAddsLogOfDesignOverActual() throws {
        let levels = [AcuityLevel(logMAR: 0.3, trials: (0..<5).map { _ in AcuityTrial(shown: "N", response: "N", isCorrect: true) }, size: 5)]
        let far = try #require(AcuityTest(eye: .both, optotype: .sloan, levels: levels, designDistanceCM: 40, testDistanceCM: 50).score)
        #expect(abs(far.distanceCorrection - log10(40.0 / 50.0)) < 1e-12)
        #expect(abs(far.letterByLetter.logMAR - (0.3 + log10(0.8))) < 1e-9)
        let near = try #require(AcuityTest(eye: .both, optotype: .sloan, levels: levels, designDistanceCM: 300, testDistanceCM: 150).score)
        #expect(abs(near.distanceCorrection - log10(2.0)) < 1e-12)
    }

    @Test func earlyStopRule() {
        func level(_ results: [Bool]) -> AcuityLevel {
            AcuityLevel(logMAR: 0.3, trials: results.map { AcuityTrial(shown: "H", response: nil, isCorrect: $0) }, size: 10, appliesEarlyStop: true)
        }
        #expect(level(TestSupport.early).creditedCorrect == 10)
        #expect(level(TestSupport.early).isStoppedEarly)
        #expect(level([true, true, true, true, false]).creditedCorrect == 4)
        #expect(level([false, true, true, true, true, true]).creditedCorrect == 5)
        #expect(!level(TestSupport.of10(6)).isStoppedEarly)
        #expect(level(TestSupport.of10(6)).isPassed)
        #expect(!level(TestSupport.of10(5)).isPassed)
        // Chart rows never apply the app's rule.
        let row = AcuityLevel(logMAR: 0.3, trials: TestSupport.early.map { AcuityTrial(shown: "H", response: "H", isCorrect: $0) }, size: 5)
        #expect(row.creditedCorrect == 5)
    }

    @Test func conversions() {
        let zero = VisualAcuity(logMAR: 0)
        #expect(zero.snellenFeetText == "20/20")
        #expect(zero.snellenMetreText == "6/6")
        #expect(zero.decimalText == "1.00")
        #expect(zero.etdrsLettersText == "85")
        let one = VisualAcuity(logMAR: 1)
        #expect(one.snellenFeetText == "20/200")
        #expect(one.snellenMetreText == "6/60")
        #expect(one.decimalText == "0.10")
        #expect(one.etdrsLettersText == "35")
        let example = VisualAcuity(logMAR: 0.28)
        #expect(example.snellenMetreText == "6/11.4")
        #expect(example.decimalText == "0.52")
        #expect(abs(VisualAcuity(logMAR: 0.3).mar - 1.9953) < 1e-4)
        #expect(VisualAcuity(logMAR: -0.001).logMARText == "0.00")
    }

    @Test func optotypeSizeAndMUnits() {
        // 5′ at 6 m: 8.73 mm.
        #expect(abs(VisualAcuity(logMAR: 0).optotypeHeightMM(atDistanceCM: 600) - 8.7266) < 1e-3)
        // 1 M subtends 5′ at 1 m, so logMAR 0 at 100 cm is 1.00 M and logMAR 0.4 at 40 cm is about 1 M.
        #expect(abs(VisualAcuity(logMAR: 0).mUnits(atDistanceCM: 100) - 1.0) < 1e-3)
        #expect(abs(VisualAcuity(logMAR: 0.4).mUnits(atDistanceCM: 40) - 1.005) < 2e-3)
        #expect(VisualAcuity(logMAR: 0.4).mUnitsText(atDistanceCM: 40) == "1.00 M")
    }

    @Test(arguments: [("20/40", 0.3), ("20/32", 0.2), ("6/12", 0.3), ("20/20", 0.0), ("20/16", -0.1), ("20/200", 1.0)])
    func snellenLevelsSnapToTheNominalSeries(label: String, logMAR: Double) throws {
        let acuity = try #require(VisualAcuity(snellen: label))
        #expect(abs(acuity.logMAR - logMAR) < 1e-12)
    }

    @Test(arguments: ["20/abc", "20", "abc/40", "20/0", "-20/40", "20/40/60", ""])
    func malformedSnellenIsRejected(label: String) {
        #expect(VisualAcuity(snellen: label) == nil)
    }

    @Test func nominalLabels() {
        #expect(NominalSnellen.feetText(VisualAcuity(logMAR: 0.8)) == "20/125")
        #expect(NominalSnellen.metreText(VisualAcuity(logMAR: 0.2)) == "6/9.5")
        #expect(NominalSnellen.feetText(VisualAcuity(logMAR: -0.2)) == "20/12.5")
        #expect(NominalSnellen.feetText(VisualAcuity(logMAR: 1.1)) == "20/250")
        #expect(NominalSnellen.feetText(VisualAcuity(logMAR: 0.28)) == "20/38")
    }

    @Test func eyesAreShownAsOdOsOu() {
        #expect(Eye(label: "Right")?.abbreviation == "OD")
        #expect(Eye(label: "left")?.abbreviation == "OS")
        #expect(Eye(label: "Both")?.abbreviation == "OU")
        #expect(Eye(label: "middle") == nil)
    }
}
