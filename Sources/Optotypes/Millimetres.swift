/// A length on paper in millimetres, the unit every chart size is computed in.
public struct Millimetres: Sendable, Equatable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Points (1/72 inch) per millimetre.
    public static let pointsPerMillimetre: Double = 72.0 / 25.4

    /// The length in millimetres.
    public var value: Double

    /// Creates a length of `value` millimetres.
    public init(_ value: Double) {
        self.value = value
    }

    /// The same length in PostScript/PDF points (mm × 72 / 25.4).
    public var points: Double { value * Self.pointsPerMillimetre }

    /// Creates a length from PostScript/PDF points.
    public init(points: Double) {
        self.value = points / Self.pointsPerMillimetre
    }

    /// `mm` with two decimals, e.g. `5.82 mm`.
    public var description: String { "\(DecimalText.fixed(value, places: 2)) mm" }

    /// Orders by length.
    public static func < (lhs: Millimetres, rhs: Millimetres) -> Bool { lhs.value < rhs.value }
}
