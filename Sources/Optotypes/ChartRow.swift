/// One ETDRS row before it is placed on paper: five optotypes of one size, one width apart.
public struct ChartRow: Sendable, Equatable, Hashable, Codable {
    /// The row's logMAR.
    public let step: LogMARStep
    /// Optotype height (= width) in mm (times the print scale when one was given).
    public let height: Millimetres
    /// The optotypes, left to right.
    public let optotypes: [Optotype]

    /// Creates a row.
    public init(step: LogMARStep, height: Millimetres, optotypes: [Optotype]) {
        self.step = step
        self.height = height
        self.optotypes = optotypes
    }

    /// Total width: n optotypes and n − 1 gaps of one optotype width (9 h for five).
    public var width: Millimetres {
        Millimetres(height.value * Double(2 * optotypes.count - 1))
    }

    /// Stroke (critical detail) width, h / 5.
    public var stroke: Millimetres { OptotypeSize.stroke(ofHeight: height) }

    /// Left edges of the optotype cells relative to the row's left edge: 0, 2h, 4h, …
    public var cellOffsets: [Double] {
        optotypes.indices.map { Double(2 * $0) * height.value }
    }

    /// The rows of a chart: sizes from the exact formula (times `scale`) and optotypes from the sequence.
    public static func rows(distance: ViewingDistance, kind: OptotypeKind, sequence: ChartSequence,
                            seed: UInt64, range: LogMARRange, scale: Double = 1) -> [ChartRow] {
        let symbols = sequence.rows(for: kind, range: range, seed: seed)
        return zip(range.steps, symbols).map { step, optotypes in
            ChartRow(step: step, height: Millimetres(OptotypeSize.height(step, at: distance).value * scale), optotypes: optotypes)
        }
    }

    /// The ETDRS vertical rule: the gap between a row and the next is the next (smaller) row's height.
    public static func gap(below row: ChartRow, before next: ChartRow) -> Millimetres {
        next.height
    }
}
