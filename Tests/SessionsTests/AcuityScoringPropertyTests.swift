import Foundation
import Testing
import TestSupport
@testable import Sessions

/// Property tests for the generalised letter-by-letter rule (§7.2), over seeded random level sets.
@Suite("Acuity scoring properties")
struct AcuityScoringPropertyTests {
    /// The acuity app's levels, 20/200 … 20/16 (no 20/25), as logMAR.
    static let appLevels: [Double] = [200, 160, 125, 100, 80, 63, 50, 40, 32, 20, 16].map {
        VisualAcuity(snellen: "20/\($0)")?.logMAR ?? .nan
    }

    static func level(_ logMAR: Double, size: Int, correct: Int) -> AcuityLevel {
        AcuityLevel(logMAR: logMAR, trials: (0..<size).map { AcuityTrial(shown: "H", response: nil, isCorrect: $0 < correct) },
                    size: size)
    }

    static func score(_ levels: [AcuityLevel]) -> Double? {
        AcuityTest(eye: .right, optotype: .sloan, levels: levels, designDistanceCM: 40, testDistanceCM: 40)
            .score?.letterByLetter.logMAR
    }

    @Test func readingEveryOptotypeDownToALevelScoresThatLevelForAnySetOfLevels() throws {
        var random = SeededRandom(seed: 11)
        for _ in 0..<2_000 {
            // A random set of distinct levels: a random subset of the app's, or random values on a 0.01 grid.
            var values: [Double]
            if Bool.random(using: &random) {
                values = Self.appLevels.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
            } else {
                values = Array(Set((0..<Int.random(in: 1...12, using: &random)).map { _ in
                    Double(Int.random(in: -30...130, using: &random)) / 100
                }))
            }
            guard !values.isEmpty else { continue }
            values.sort(by: >)
            let size = [3, 5, 10].randomElement(using: &random) ?? 5
            let last = Int.random(in: 0..<values.count, using: &random)
            let levels = values.enumerated().map { index, logMAR in
                Self.level(logMAR, size: size, correct: index <= last ? size : 0)
            }
            let scored = try #require(Self.score(levels))
            #expect(abs(scored - values[last]) < 1e-9, "levels \(values), read down to \(values[last]), scored \(scored)")
        }
    }

    @Test func withTenthStepsTheResultEqualsTheClassicFormula() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<2_000 {
            let top = Int.random(in: -2...13, using: &random)
            let count = Int.random(in: 1...(top + 4), using: &random)
            let size = Bool.random(using: &random) ? 5 : 10
            let levels = (0..<count).map { step in
                Self.level(Double(top - step) / 10, size: size, correct: Int.random(in: 0...size, using: &random))
            }
            let classic = Double(top) / 10 + 0.1 - levels.map { Double($0.creditedCorrect) * 0.1 / Double(size) }.reduce(0, +)
            let scored = try #require(Self.score(levels))
            #expect(abs(scored - classic) < 1e-9)
        }
    }

    @Test func everyLetterDownTo20Over16ScoresMinusPointOneNotZero() throws {
        let levels = Self.appLevels.map { Self.level($0, size: 10, correct: 10) }
        let score = try #require(AcuityTest(eye: .left, optotype: .sloan, levels: levels, designDistanceCM: 40,
                                            testDistanceCM: 40).score)
        #expect(score.letterByLetter.logMARText == "-0.10")
        #expect(score.line?.logMARText == "-0.10")
    }

    @Test func aTypicalNormalEyeIsAbout20Over20() throws {
        // All to 20/32, 8 of 10 at 20/20 (which covers 0.2 logMAR: there is no 20/25), 3 of 10 at 20/16.
        var levels = Self.appLevels.prefix(9).map { Self.level($0, size: 10, correct: 10) }
        levels.append(Self.level(0.0, size: 10, correct: 8))
        levels.append(Self.level(-0.1, size: 10, correct: 3))
        let score = try #require(AcuityTest(eye: .right, optotype: .sloan, levels: levels, designDistanceCM: 40,
                                            testDistanceCM: 40).score)
        // 0.2 − 8 × 0.02 − 3 × 0.01 = 0.01
        #expect(score.letterByLetter.logMARText == "0.01")
        #expect(score.letterByLetter.snellenFeetText == "20/20")
        #expect(score.line?.logMARText == "0.00")
    }

    @Test func etdrsLettersRoundHalfUp() {
        #expect(VisualAcuity(logMAR: 0.25).etdrsLettersText == "73") // 72.5
        #expect(VisualAcuity(logMAR: 0.27).etdrsLettersText == "72") // 71.5
        #expect(VisualAcuity(logMAR: 0.01).etdrsLettersText == "85") // 84.5
        #expect(VisualAcuity(logMAR: 1.71).etdrsLettersText == "0")  // −0.5
    }
}
