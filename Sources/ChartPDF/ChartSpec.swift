import Optotypes

/// Everything that decides a chart: who reads it from where, which optotypes, which paper.
public struct ChartSpec: Sendable, Equatable, Hashable, Codable {
    /// The allowed print-scale correction.
    public static let scaleRange: ClosedRange<Double> = 0.95...1.05

    /// The viewing distance the chart is calibrated for.
    public var distance: ViewingDistance
    /// Sloan letters, Tumbling E or Landolt C.
    public var optotype: OptotypeKind
    /// ETDRS chart 1, 2, R or seeded random.
    public var sequence: ChartSequence
    /// Seed for random letters and orientations.
    public var seed: UInt64
    /// Paper size (orientation is chosen automatically).
    public var paper: Paper
    /// Rows to print, largest first.
    public var rows: LogMARRange
    /// Print-scale correction multiplying every size on the page (0.95–1.05).
    public var scale: Double
    /// The whole chart (one sheet, or tiled across sheets when larger than the paper) or a row per sheet.
    public var arrangement: SheetArrangement
    /// The printer's resolution in dots per inch, for the thin-stroke warning.
    public var printerDPI: Double

    /// Creates a spec; throws when `scale` is outside 0.95–1.05 or not finite.
    public init(distance: ViewingDistance, optotype: OptotypeKind = .sloan, sequence: ChartSequence = .chart1,
                seed: UInt64 = 1, paper: Paper = .a4, rows: LogMARRange = .standard, scale: Double = 1,
                arrangement: SheetArrangement = .chart, printerDPI: Double = 600) throws(OptotypeInputError) {
        guard scale.isFinite, Self.scaleRange.contains(scale) else { throw .scaleOutOfRange(scale) }
        self.arrangement = arrangement
        self.printerDPI = printerDPI.isFinite && printerDPI >= 72 ? printerDPI : 600
        self.distance = distance
        self.optotype = optotype
        self.sequence = sequence
        self.seed = seed
        self.paper = paper
        self.rows = rows
        self.scale = scale
    }

    /// The rows with their sizes (unscaled: the page scale is applied when drawing) and optotypes.
    public var chartRows: [ChartRow] {
        ChartRow.rows(distance: distance, kind: optotype, sequence: sequence, seed: seed, range: rows)
    }

    /// A short identifier printed on the chart: `sloan-1`, `tumbling-e-random-42`.
    public var chartID: String {
        let base = "\(optotype.rawValue)-\(sequence.rawValue)"
        return sequence == .random || optotype != .sloan ? "\(base)-\(seed)" : base
    }

    /// Every setting as text, equal for equal specs and different for different ones (numbers by their
    /// bits): what a site records a chart's files under. Spelled field by field: `String(describing:)`
    /// found the fields by reflection, whose dynamic casts searched the binary's protocol conformances,
    /// 12 M instructions of every build that kept the charts.
    public var settingsKey: String {
        "\(distance.amount.bitPattern) \(distance.unit.rawValue)|\(optotype.rawValue)|\(sequence.rawValue)|\(seed)|"
            + "\(paper.rawValue)|\(rows.largest.tenths)..\(rows.smallest.tenths)|\(scale.bitPattern)|\(arrangement.rawValue)|"
            + "\(printerDPI.bitPattern)"
    }

    /// A file name for this chart without extension: `chart-40cm-sloan-1-a4`.
    public var fileStem: String {
        "chart-\(distance.token)-\(chartID)-\(paper.rawValue)"
    }
}

/// How rows are put on sheets.
public enum SheetArrangement: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The whole chart: one sheet when it fits, else tiled across sheets that assemble into one chart.
    case chart
    /// One row, or a few small ones, per sheet, centred: for a flip chart.
    case rows
}
