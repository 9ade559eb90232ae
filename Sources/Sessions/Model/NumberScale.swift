import Foundation

/// A number scale input: values from `minimum` to `maximum` in steps of `step`.
public struct NumberScale: Sendable, Equatable {
    /// The smallest value.
    public var minimum: Double
    /// The largest value.
    public var maximum: Double
    /// The step between allowed values.
    public var step: Double
    /// The unit shown after values, if any (`mL`, `s`).
    public var unit: String?
    /// Descriptions of particular values (e.g. each level of the penetration–aspiration scale).
    public var labels: [Double: String]

    /// Creates a scale.
    public init(minimum: Double, maximum: Double, step: Double, unit: String? = nil, labels: [Double: String] = [:]) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.unit = unit
        self.labels = labels
    }

    /// Whether `value` lies on the scale: within the range and on a step.
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite, value >= minimum - 1e-9, value <= maximum + 1e-9 else { return false }
        let steps = (value - minimum) / step
        return abs(steps - steps.rounded()) < 1e-6
    }

    /// `1–8` or `0–20 mL in steps of 0.5`.
    public var rangeText: String {
        var text = "\(Self.format(minimum))–\(Self.format(maximum))"
        if let unit { text += " \(unit)" }
        if step != 1 { text += " in steps of \(Self.format(step))" }
        return text
    }

    /// A value written without needless decimals: `3`, `2.5`.
    public static func format(_ value: Double) -> String {
        VisualAcuity.trimmed(value, digits: 6)
    }
}
