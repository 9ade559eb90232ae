import Foundation

/// A logMAR value on the 0.1 grid, held as an integer number of tenths so rows never drift.
public struct LogMARStep: Sendable, Equatable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// logMAR × 10, e.g. `10` for +1.0 and `-3` for −0.3.
    public let tenths: Int

    /// Creates the step `tenths / 10`.
    public init(tenths: Int) {
        self.tenths = tenths
    }

    /// The logMAR value.
    public var logMAR: Double { Double(tenths) / 10 }

    /// Signed with one decimal: `+1.0`, `0.0`, `-0.3`.
    public var description: String {
        let magnitude = abs(tenths)
        let sign = tenths > 0 ? "+" : (tenths < 0 ? "-" : "")
        return "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// Orders by logMAR value.
    public static func < (lhs: LogMARStep, rhs: LogMARStep) -> Bool { lhs.tenths < rhs.tenths }
}

/// The rows of a chart, from the largest (highest logMAR) down to the smallest, in 0.1 steps.
public struct LogMARRange: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The default ETDRS range, +1.0 down to −0.3.
    public static let standard = LogMARRange(uncheckedLargest: 10, smallest: -3)
    /// The allowed extremes of a row value.
    public static let limits: ClosedRange<Int> = -10...20

    /// The largest row (first printed), in tenths.
    public let largest: LogMARStep
    /// The smallest row (last printed), in tenths.
    public let smallest: LogMARStep

    private init(uncheckedLargest: Int, smallest: Int) {
        self.largest = LogMARStep(tenths: uncheckedLargest)
        self.smallest = LogMARStep(tenths: smallest)
    }

    /// Creates a range; `largest` must be at least `smallest`, both within −1.0…+2.0.
    public init(largest: LogMARStep, smallest: LogMARStep) throws(OptotypeInputError) {
        let text = "\(largest)..\(smallest)"
        guard largest >= smallest else {
            throw .invalidRows(text, reason: "the first value must be the larger (rows go from large to small)")
        }
        guard Self.limits.contains(largest.tenths), Self.limits.contains(smallest.tenths) else {
            throw .invalidRows(text, reason: "rows must lie between +2.0 and -1.0")
        }
        self.largest = largest
        self.smallest = smallest
    }

    /// Parses `+1.0..-0.3` (also `1.0..-0.3`, `0.5..0.5`); values must be on the 0.1 grid.
    public init(parsing text: String) throws(OptotypeInputError) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard let separator = trimmed.range(of: "..") else {
            throw .invalidRows(text, reason: "expected two values separated by '..'")
        }
        let first = String(trimmed[..<separator.lowerBound]).trimmingASCIIWhitespace()
        let second = String(trimmed[separator.upperBound...]).trimmingASCIIWhitespace()
        let a = try Self.parseStep(first, in: text)
        let b = try Self.parseStep(second, in: text)
        guard a >= b else {
            throw .invalidRows(text, reason: "the range is reversed; the larger logMAR comes first (rows go from large to small)")
        }
        try self.init(largest: a, smallest: b)
    }

    private static func parseStep(_ value: String, in text: String) throws(OptotypeInputError) -> LogMARStep {
        guard !value.isEmpty, let number = Double(value), number.isFinite,
              value.allSatisfy({ "0123456789.+-".contains($0) }) else {
            throw .invalidRows(text, reason: "'\(value)' is not a number")
        }
        let tenths = (number * 10).rounded()
        guard abs(number * 10 - tenths) < 1e-6 else {
            throw .invalidRows(text, reason: "'\(value)' is not on the 0.1 logMAR grid")
        }
        guard abs(tenths) <= 1000 else {
            throw .invalidRows(text, reason: "rows must lie between +2.0 and -1.0")
        }
        return LogMARStep(tenths: Int(tenths))
    }

    /// Every row, largest first.
    public var steps: [LogMARStep] {
        stride(from: largest.tenths, through: smallest.tenths, by: -1).map(LogMARStep.init(tenths:))
    }

    /// `+1.0..-0.3`.
    public var description: String { "\(largest)..\(smallest)" }
}
