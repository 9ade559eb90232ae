import Foundation

/// Conversions between logMAR, MAR, decimal acuity, Snellen fractions and M-units (SPEC §7.2).
public enum AcuityNotation {
    /// Letter height in mm that subtends 5 arcmin at 1 m: one M-unit.
    public static let millimetresPerMUnit: Double = 1.4544

    /// Minimum angle of resolution in arcmin: `10^logMAR`.
    public static func mar(logMAR: Double) -> Double { pow(10, logMAR) }

    /// logMAR from a MAR in arcmin: `log10(MAR)`.
    public static func logMAR(mar: Double) -> Double { log10(mar) }

    /// Decimal acuity: `1 / MAR`.
    public static func decimal(logMAR: Double) -> Double { 1 / mar(logMAR: logMAR) }

    /// logMAR from decimal acuity: `-log10(decimal)`.
    public static func logMAR(decimal: Double) -> Double { -log10(decimal) }

    /// The exact Snellen denominator for a numerator (20 or 6): `numerator × MAR`.
    public static func snellenDenominator(numerator: Double, logMAR: Double) -> Double {
        numerator * mar(logMAR: logMAR)
    }

    /// logMAR from a Snellen fraction `numerator/denominator`.
    public static func logMAR(snellenNumerator numerator: Double, denominator: Double) -> Double {
        log10(denominator / numerator)
    }

    /// M-units of an optotype of the given height: `height mm / 1.4544`.
    public static func mUnits(height: Millimetres) -> Double { height.value / millimetresPerMUnit }

    /// ETDRS letter score: `85 − 50 × logMAR`.
    public static func etdrsLetters(logMAR: Double) -> Double { 85 - 50 * logMAR }

    // Nominal labels per tenth of a decade, on the R10 series as printed on ETDRS charts.
    private static let twentyMantissas: [Double] = [20, 25, 32, 40, 50, 63, 80, 100, 125, 160]
    private static let sixMantissas: [Double] = [6, 7.5, 9.5, 12, 15, 19, 24, 30, 38, 48]
    private static let decimalMantissas: [Double] = [1.0, 1.25, 1.6, 2.0, 2.5, 3.2, 4.0, 5.0, 6.3, 8.0]

    private static func nominal(_ mantissas: [Double], tenths: Int) -> Double {
        let decade = tenths >= 0 ? tenths / 10 : -((-tenths + 9) / 10)
        let index = tenths - decade * 10
        return mantissas[index] * pow(10, Double(decade))
    }

    /// Nominal Snellen label in feet, e.g. `20/40` for +0.3 and `20/12.5` for −0.2.
    public static func snellenFeetLabel(_ step: LogMARStep) -> String {
        "20/\(DecimalText.trimmed(nominal(twentyMantissas, tenths: step.tenths), places: 3))"
    }

    /// Nominal Snellen label in metres, e.g. `6/12` for +0.3 and `6/7.5` for +0.1.
    public static func snellenMetresLabel(_ step: LogMARStep) -> String {
        "6/\(DecimalText.trimmed(nominal(sixMantissas, tenths: step.tenths), places: 3))"
    }

    /// Nominal decimal acuity label, e.g. `0.5` for +0.3 and `1.25` for −0.1.
    public static func decimalLabel(_ step: LogMARStep) -> String {
        DecimalText.trimmed(nominal(decimalMantissas, tenths: -step.tenths), places: 4)
    }

    /// Snellen in feet for any logMAR (not only the grid), rounded to a whole denominator: logMAR 0.28 → `20/38`.
    public static func snellenFeet(logMAR: Double) -> String {
        "20/\(DecimalText.trimmed(snellenDenominator(numerator: 20, logMAR: logMAR), places: 0))"
    }

    /// Snellen in metres for any logMAR, denominator to one decimal: logMAR 0.28 → `6/11.4`.
    public static func snellenMetres(logMAR: Double) -> String {
        "6/\(DecimalText.trimmed(snellenDenominator(numerator: 6, logMAR: logMAR), places: 1))"
    }
}
