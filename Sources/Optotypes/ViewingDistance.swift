/// The distance from the eye to the chart, kept exactly as asked (20 ft is 6.096 m, not 6 m).
public struct ViewingDistance: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The units a distance may be written in, with their length in millimetres.
    public enum Unit: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// Millimetres.
        case mm
        /// Centimetres.
        case cm
        /// Metres.
        case m
        /// Inches (25.4 mm exactly).
        case inch = "in"
        /// Feet (304.8 mm exactly).
        case ft

        /// Millimetres in one unit.
        public var millimetres: Double {
            switch self {
            case .mm: 1
            case .cm: 10
            case .m: 1000
            case .inch: 25.4
            case .ft: 304.8
            }
        }
    }

    /// The number as written, e.g. `20` for `20ft`.
    public let amount: Double
    /// The unit as written.
    public let unit: Unit

    /// Creates a distance; `amount` must be positive and finite.
    public init(_ amount: Double, _ unit: Unit) throws(OptotypeInputError) {
        let text = "\(amount)\(unit.rawValue)"
        guard amount.isFinite else { throw .invalidDistance(text, reason: "the number is not finite") }
        guard amount > 0 else { throw .invalidDistance(text, reason: "the distance must be greater than zero") }
        guard amount * unit.millimetres <= 100_000, amount * unit.millimetres >= 100 else {
            throw .invalidDistance(text, reason: "charts are for distances from 10 cm to 100 m")
        }
        self.amount = amount
        self.unit = unit
    }

    /// Parses `40cm`, `3m`, `4 m`, `20ft`, `6.096m`, `16in`, `400mm` (also `"`, `'`, `feet`, `inches`).
    public init(parsing text: String) throws(OptotypeInputError) {
        let trimmed = text.trimmingASCIIWhitespace().lowercased()
        var numberPart = ""
        var rest = Substring(trimmed)
        // Units never start with "e", so an exponent ("1e3mm") can be taken with the number.
        while let first = rest.first, "0123456789.+-e".contains(first) {
            numberPart.append(first)
            rest = rest.dropFirst()
        }
        let unitText = String(rest).trimmingASCIIWhitespace()
        guard !numberPart.isEmpty, let amount = Double(numberPart) else {
            throw .invalidDistance(text, reason: "it does not start with a number")
        }
        let aliases: [String: Unit] = [
            "mm": .mm, "cm": .cm, "m": .m, "in": .inch, "inch": .inch, "inches": .inch, "\"": .inch,
            "ft": .ft, "foot": .ft, "feet": .ft, "'": .ft,
        ]
        guard let unit = aliases[unitText] else {
            let reason = unitText.isEmpty ? "the unit is missing" : "unknown unit '\(unitText)'"
            throw .invalidDistance(text, reason: reason)
        }
        guard amount.isFinite else { throw .invalidDistance(text, reason: "the number is not finite") }
        guard amount > 0 else { throw .invalidDistance(text, reason: "the distance must be greater than zero") }
        guard amount * unit.millimetres <= 100_000, amount * unit.millimetres >= 100 else {
            throw .invalidDistance(text, reason: "charts are for distances from 10 cm to 100 m")
        }
        self.amount = amount
        self.unit = unit
    }

    /// The exact distance in millimetres.
    public var millimetres: Millimetres { Millimetres(amount * unit.millimetres) }

    /// Whether this is a near distance (under 1 m), where rows are also labelled in M-units.
    public var isNear: Bool { millimetres.value < 1000 }

    /// The distance as written, normalised: `40 cm`, `20 ft`, `6.096 m`.
    public var description: String { "\(DecimalText.trimmed(amount, places: 6)) \(unit.rawValue)" }

    /// A compact token for file names: `40cm`, `20ft`, `6.096m`.
    public var token: String { "\(DecimalText.trimmed(amount, places: 6))\(unit.rawValue)" }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
