import Testing
@testable import Optotypes

@Suite("Acuity notation conversions")
struct AcuityNotationTests {
    @Test("nominal Snellen and decimal labels on the R10 series for every row")
    func nominalLabels() {
        let steps = LogMARRange.standard.steps
        #expect(steps.map(AcuityNotation.snellenFeetLabel) == [
            "20/200", "20/160", "20/125", "20/100", "20/80", "20/63", "20/50", "20/40", "20/32", "20/25",
            "20/20", "20/16", "20/12.5", "20/10",
        ])
        #expect(steps.map(AcuityNotation.snellenMetresLabel) == [
            "6/60", "6/48", "6/38", "6/30", "6/24", "6/19", "6/15", "6/12", "6/9.5", "6/7.5", "6/6", "6/4.8", "6/3.8", "6/3",
        ])
        #expect(steps.map(AcuityNotation.decimalLabel) == [
            "0.1", "0.125", "0.16", "0.2", "0.25", "0.32", "0.4", "0.5", "0.63", "0.8", "1", "1.25", "1.6", "2",
        ])
        #expect(AcuityNotation.snellenFeetLabel(LogMARStep(tenths: 13)) == "20/400")
        #expect(AcuityNotation.snellenMetresLabel(LogMARStep(tenths: -10)) == "6/0.6")
    }

    @Test("exact conversions: MAR, decimal, Snellen, ETDRS letters, M-units")
    func conversions() throws {
        #expect(abs(AcuityNotation.mar(logMAR: 0.3) - 1.99526) < 1e-5)
        #expect(abs(AcuityNotation.decimal(logMAR: 0.3) - 0.501187) < 1e-6)
        #expect(abs(AcuityNotation.logMAR(mar: 2) - 0.30103) < 1e-5)
        #expect(abs(AcuityNotation.logMAR(decimal: 0.5) - 0.30103) < 1e-5)
        #expect(abs(AcuityNotation.logMAR(snellenNumerator: 20, denominator: 40) - 0.30103) < 1e-5)
        #expect(abs(AcuityNotation.snellenDenominator(numerator: 6, logMAR: 1) - 60) < 1e-9)
        // The acuity app's worked example: logMAR 0.28 is 20/38.
        #expect(AcuityNotation.snellenFeet(logMAR: 0.28) == "20/38")
        #expect(AcuityNotation.etdrsLetters(logMAR: 0) == 85)
        #expect(AcuityNotation.etdrsLetters(logMAR: 1) == 35)
        // 1 M = 1.4544 mm; the 40 cm row 0.0 is 0.40 M, row +0.3 is 0.80 M.
        let near = try ViewingDistance(parsing: "40cm")
        let m0 = AcuityNotation.mUnits(height: OptotypeSize.height(LogMARStep(tenths: 0), at: near))
        #expect(abs(m0 - 0.4) < 1e-3)
        let m3 = AcuityNotation.mUnits(height: OptotypeSize.height(LogMARStep(tenths: 3), at: near))
        #expect(abs(m3 - 0.798) < 1e-3)
        #expect(AcuityNotation.mUnits(height: Millimetres(1.4544)) == 1)
    }

    @Test("points and millimetres")
    func points() {
        #expect(abs(Millimetres(210).points - 595.2756) < 1e-4)
        #expect(abs(Millimetres(points: 72).value - 25.4) < 1e-12)
        #expect(Millimetres(5.8182).description == "5.82 mm")
    }

    @Test("decimal text never prints -0 and rounds half away from zero")
    func decimalText() {
        #expect(DecimalText.fixed(-0.0001, places: 2) == "0.00")
        #expect(DecimalText.fixed(2.345, places: 1) == "2.3")
        #expect(DecimalText.fixed(2.35, places: 1) == "2.4")
        #expect(DecimalText.fixed(-1.25, places: 1) == "-1.3")
        #expect(DecimalText.trimmed(12.5000, places: 4) == "12.5")
        #expect(DecimalText.trimmed(6, places: 3) == "6")
        #expect(DecimalText.fixed(0.05, places: 3) == "0.050")
        #expect(DecimalText.fixed(1.007, places: 3) == "1.007")
        #expect(DecimalText.trimmed(0.0504, places: 3) == "0.05")
        #expect(DecimalText.trimmed(100, places: 2) == "100")
        #expect(DecimalText.trimmed(-0.0001, places: 2) == "0")
        #expect(DecimalText.trimmed(-2.5, places: 0) == "-3")
        #expect(DecimalText.trimmed(.nan, places: 2) == "nan")
    }
}
