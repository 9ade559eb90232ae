/// A weight or height as the APIs give it: imperial and metric texts, either of which may be missing.
///
/// The missing system is derived from the other, so both are always displayed.
public struct BodyMeasure: Sendable, Equatable, Hashable, Codable {
    /// What is measured; decides the units.
    public enum Kind: String, Sendable, Equatable, Hashable, Codable {
        /// Pounds and kilograms.
        case weight
        /// Inches and centimetres (at the withers).
        case height

        /// The metric unit symbol.
        public var metricUnit: String { self == .weight ? "kg" : "cm" }
        /// The imperial unit symbol.
        public var imperialUnit: String { self == .weight ? "lb" : "in" }
        /// How many metric units one imperial unit is.
        public var metricPerImperial: Double { self == .weight ? 0.45359237 : 2.54 }
        /// "Weight" or "Height".
        public var label: String { self == .weight ? "Weight" : "Height" }
    }

    /// Weight or height.
    public var kind: Kind
    /// The range in kilograms or centimetres, as given.
    public var metric: NumericRange?
    /// The range in pounds or inches, as given.
    public var imperial: NumericRange?

    /// Creates a measure; returns `nil` when neither system is known.
    public init?(kind: Kind, metric: NumericRange?, imperial: NumericRange?) {
        guard metric != nil || imperial != nil else { return nil }
        self.kind = kind
        self.metric = metric
        self.imperial = imperial
    }

    /// The metric range, derived from the imperial one when not given.
    public var metricRange: NumericRange {
        if let metric { return metric }
        return (imperial ?? NumericRange(value: 0)).scaled(by: kind.metricPerImperial).roundedForDisplay()
    }

    /// The imperial range, derived from the metric one when not given.
    public var imperialRange: NumericRange {
        if let imperial { return imperial }
        return (metric ?? NumericRange(value: 0)).scaled(by: 1 / kind.metricPerImperial).roundedForDisplay()
    }

    /// `"3–5 kg"`, prefixed with "≈ " when derived from the imperial value.
    public var metricText: String {
        (metric == nil ? "≈ " : "") + metricRange.formatted(unit: kind.metricUnit)
    }

    /// `"7–10 lb"`, prefixed with "≈ " when derived from the metric value.
    public var imperialText: String {
        (imperial == nil ? "≈ " : "") + imperialRange.formatted(unit: kind.imperialUnit)
    }
}
