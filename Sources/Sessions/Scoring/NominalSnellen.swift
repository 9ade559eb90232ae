/// Nominal Snellen labels for levels on the standard 0.1 logMAR series (20/25, 20/32, 6/9.5, 6/38…).
public enum NominalSnellen {
    /// 20-ft denominators for logMAR 0.0 … 0.9; each further 1.0 multiplies by 10.
    static let feet: [Double] = [20, 25, 32, 40, 50, 63, 80, 100, 125, 160]
    /// 6-m denominators for logMAR 0.0 … 0.9.
    static let metres: [Double] = [6, 7.5, 9.5, 12, 15, 19, 24, 30, 38, 48]

    /// The step index when `logMAR` is within 0.015 of a 0.1 step, else `nil`.
    static func step(_ logMAR: Double) -> Int? {
        let index = (logMAR * 10).rounded()
        guard abs(logMAR * 10 - index) < 0.15, abs(index) < 100 else { return nil }
        return Int(index)
    }

    static func denominator(_ table: [Double], _ index: Int) -> Double {
        let decade = index >= 0 ? index / 10 : -((-index + 9) / 10)
        let position = index - decade * 10
        var value = table[position]
        if decade > 0 { for _ in 0..<decade { value *= 10 } }
        if decade < 0 { for _ in 0..<(-decade) { value /= 10 } }
        return value
    }

    /// `20/40` for logMAR 0.3; the exact value (`20/38`) off the series.
    public static func feetText(_ acuity: VisualAcuity) -> String {
        guard let index = step(acuity.logMAR) else { return acuity.snellenFeetText }
        return "20/\(VisualAcuity.trimmed(denominator(feet, index), digits: 1))"
    }

    /// `6/12` for logMAR 0.3; the exact value off the series.
    public static func metreText(_ acuity: VisualAcuity) -> String {
        guard let index = step(acuity.logMAR) else { return acuity.snellenMetreText }
        return "6/\(VisualAcuity.trimmed(denominator(metres, index), digits: 2))"
    }
}
