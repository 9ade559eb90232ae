/// A range of numbers read from text such as `"12 - 16"`, `"10 – 12 years"`, `"7  -  10"` or `"up - 18"`.
///
/// Either bound may be unknown (`"up - 18"` has no lower bound), never both.
public struct NumericRange: Sendable, Equatable, Hashable, Codable {
    /// The smallest value, when known.
    public var lower: Double?
    /// The largest value, when known.
    public var upper: Double?

    /// Creates a range; bounds given in the wrong order are swapped. Returns `nil` when both are unknown.
    public init?(lower: Double?, upper: Double?) {
        guard lower != nil || upper != nil else { return nil }
        if let low = lower, let high = upper, low > high {
            self.lower = high
            self.upper = low
        } else {
            self.lower = lower
            self.upper = upper
        }
    }

    /// A single value (`"12 years"`).
    public init(value: Double) {
        lower = value
        upper = value
    }

    /// The lower bound, or the upper one when the lower is unknown: used for sorting and filtering.
    public var minimum: Double { lower ?? upper ?? 0 }

    /// The upper bound, or the lower one when the upper is unknown.
    public var maximum: Double { upper ?? lower ?? 0 }

    /// Multiplies both bounds, e.g. to convert pounds to kilograms.
    public func scaled(by factor: Double) -> NumericRange {
        NumericRange(lower: lower.map { $0 * factor }, upper: upper.map { $0 * factor }) ?? self
    }

    /// Rounds both bounds for display after a unit conversion: one decimal below 10, whole numbers above.
    public func roundedForDisplay() -> NumericRange {
        func round(_ value: Double) -> Double {
            value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        }
        return NumericRange(lower: lower.map(round), upper: upper.map(round)) ?? self
    }

    /// `"3–5"`, `"5"`, `"up to 18"` or `"from 5"`, with `unit` appended when given.
    public func formatted(unit: String? = nil) -> String {
        let suffix = unit.map { " \($0)" } ?? ""
        switch (lower, upper) {
        case let (low?, high?) where low == high:
            return Self.format(low) + suffix
        case let (low?, high?):
            return Self.format(low) + "–" + Self.format(high) + suffix
        case let (nil, high?):
            return "up to " + Self.format(high) + suffix
        case let (low?, nil):
            return "from " + Self.format(low) + suffix
        case (nil, nil):
            return ""
        }
    }

    /// Locale-independent number text: whole numbers without a decimal point, else up to two decimals.
    static func format(_ value: Double) -> String {
        // Beyond 1e13 the hundredths below would not fit an Int: show the number as Swift writes it.
        guard value.isFinite, abs(value) < 1e13 else { return String(value) }
        if value == value.rounded() {
            return String(Int(value))
        }
        var text = String(Int((value * 100).rounded()))
        let isNegative = text.hasPrefix("-")
        if isNegative { text.removeFirst() }
        while text.count < 3 { text = "0" + text }
        var whole = String(text.dropLast(2))
        var fraction = String(text.suffix(2))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (isNegative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
