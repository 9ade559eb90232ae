import Foundation

/// A visual acuity on the logMAR scale, with the usual conversions (§7.2).
public struct VisualAcuity: Sendable, Equatable, Hashable {
    /// log10 of the minimum angle of resolution in arcminutes.
    public var logMAR: Double

    /// Creates an acuity from its logMAR.
    public init(logMAR: Double) { self.logMAR = logMAR }

    /// Minimum angle of resolution, arcminutes: `10^logMAR`.
    public var mar: Double { pow(10, logMAR) }

    /// Decimal acuity: `1 / MAR`.
    public var decimal: Double { 1 / mar }

    /// Snellen denominator at 20 ft: `20 · MAR`.
    public var snellenFeetDenominator: Double { 20 * mar }

    /// Snellen denominator at 6 m: `6 · MAR`.
    public var snellenMetreDenominator: Double { 6 * mar }

    /// ETDRS letter score: `85 − 50 · logMAR`.
    public var etdrsLetters: Double { 85 - 50 * logMAR }

    /// Height (= width) in millimetres of an optotype of this size at `distanceCM`:
    /// `h = 2 · d · tan(2.5′ · 10^logMAR)` — 5 arcminutes × MAR.
    public func optotypeHeightMM(atDistanceCM distanceCM: Double) -> Double {
        let halfAngle = 2.5 / 60 * mar * Double.pi / 180
        return 2 * distanceCM * 10 * tan(halfAngle)
    }

    /// M-units of an optotype of this size at `distanceCM`: height in mm / 1.4544 (5′ at 1 m).
    public func mUnits(atDistanceCM distanceCM: Double) -> Double {
        optotypeHeightMM(atDistanceCM: distanceCM) / 1.4544
    }

    // MARK: Labels

    /// `0.28` (two decimals; `-0.00` never appears).
    public var logMARText: String { Self.fixed(logMAR, digits: 2) }

    /// `20/38`.
    public var snellenFeetText: String { "20/\(Self.fixed(snellenFeetDenominator, digits: 0))" }

    /// `6/11.4`: one decimal below 100, whole numbers above.
    public var snellenMetreText: String {
        let denominator = snellenMetreDenominator
        return "6/\(Self.trimmed(denominator, digits: denominator < 100 ? 1 : 0))"
    }

    /// `0.52`.
    public var decimalText: String { Self.fixed(decimal, digits: 2) }

    /// `71` (whole letters): `85 − 50 · logMAR` rounded half up, so 72.5 letters read as 73.
    public var etdrsLettersText: String { Self.fixed(Self.roundedHalfUp(etdrsLetters), digits: 0) }

    /// Rounds to a whole number, halves up (`72.5` → 73, `-0.5` → 0), ignoring binary noise below 1e-9.
    public static func roundedHalfUp(_ value: Double) -> Double {
        (value + 0.5 + 1e-9).rounded(.down)
    }

    /// `1.23 M`.
    public func mUnitsText(atDistanceCM distanceCM: Double) -> String {
        "\(Self.fixed(mUnits(atDistanceCM: distanceCM), digits: 2)) M"
    }

    /// A number with fixed decimals, POSIX style, never `-0`.
    public static func fixed(_ value: Double, digits: Int) -> String {
        let text = String(format: "%.\(digits)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { return String(text.dropFirst()) }
        return text
    }

    /// A number with at most `digits` decimals, trailing zeros removed.
    public static func trimmed(_ value: Double, digits: Int) -> String {
        var text = fixed(value, digits: digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    // MARK: Parsing

    /// Reads a Snellen fraction such as `20/40`, `6/12` or `20/12.5` and returns its acuity.
    ///
    /// Values within 0.015 of a 0.1 logMAR step are snapped onto it: the app's levels
    /// (20/32, 20/63, 20/125…) are nominal labels of the standard 0.1 series.
    public init?(snellen text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let numerator = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let denominator = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              numerator.isFinite, denominator.isFinite, numerator > 0, denominator > 0
        else { return nil }
        let exact = log10(denominator / numerator)
        let nominal = (exact * 10).rounded() / 10
        self.init(logMAR: abs(exact - nominal) < 0.015 ? nominal : exact)
    }
}
