import Optotypes

/// A chart placed on sheets: orientation, pages, rows and their labels. Shared by the PDF and SVG
/// writers. Coordinates are layout millimetres with y down (page millimetres ÷ scale).
public struct ChartLayout: Sendable, Equatable {
    /// Label text size in points.
    static let labelSize = 6.5
    /// Minimum distance between stacked side labels (mm).
    static let labelPitch = 2.6
    /// Space between a row and its side label column (mm).
    static let labelGap = 4.0

    /// What was asked for.
    public let spec: ChartSpec
    /// Whether the sheets are landscape.
    public let isLandscape: Bool
    /// Sheet width on paper, mm.
    public let pageWidth: Millimetres
    /// Sheet height on paper, mm.
    public let pageHeight: Millimetres
    /// The sheets, in order.
    public let pages: [PageLayout]
    /// Warnings for the user.
    public let warnings: [String]

    let geometry: PageGeometry

    /// Lays out `spec`; throws when a row cannot fit the paper without shrinking.
    public init(spec: ChartSpec) throws(ChartError) {
        self.spec = spec
        let rows = spec.chartRows
        let paper = spec.paper
        guard let (landscape, pages, geometry) = Self.paginate(rows: rows, paper: paper, spec: spec) else {
            throw Self.tooLargeError(rows: rows, spec: spec)
        }
        self.isLandscape = landscape
        self.pages = pages
        self.geometry = geometry
        self.pageWidth = landscape ? paper.height : paper.width
        self.pageHeight = landscape ? paper.width : paper.height
        self.warnings = Self.strokeWarnings(rows: rows, scale: spec.scale)
    }

    /// Converts a layout length to paper millimetres.
    public func onPaper(_ layoutMillimetres: Double) -> Double { layoutMillimetres * spec.scale }

    // MARK: Pagination

    private static func paginate(rows: [ChartRow], paper: Paper, spec: ChartSpec) -> (Bool, [PageLayout], PageGeometry)? {
        for landscape in [false, true] {
            let geometry = PageGeometry(paperWidth: landscape ? paper.height.value : paper.width.value,
                                        paperHeight: landscape ? paper.width.value : paper.height.value, scale: spec.scale)
            if let pages = paginate(rows: rows, geometry: geometry, distance: spec.distance) {
                return (landscape, pages, geometry)
            }
        }
        return nil
    }

    /// Places rows top to bottom, starting a new sheet when a row would cross the footer or the vertical
    /// ruler; `nil` when some row cannot be placed even at the top of an empty sheet.
    static func paginate(rows: [ChartRow], geometry g: PageGeometry, distance: ViewingDistance) -> [PageLayout]? {
        var pages: [[(ChartRow, Double)]] = []
        var current: [(ChartRow, Double)] = []
        var cursor = g.areaTop + PageGeometry.labelBand
        for row in rows {
            let h = row.height.value
            guard row.width.value <= g.usableWidth else { return nil }
            var placed = false
            for attempt in 0..<2 {
                let top = current.isEmpty ? g.areaTop + PageGeometry.labelBand : cursor + h
                if fits(row: row, top: top, geometry: g) {
                    current.append((row, top))
                    cursor = top + h
                    placed = true
                    break
                }
                if current.isEmpty || attempt == 1 { return nil }
                pages.append(current)
                current = []
            }
            if !placed { return nil }
        }
        if !current.isEmpty { pages.append(current) }
        return pages.enumerated().map { index, placed in
            PageLayout(index: index, count: pages.count, placed: placed, geometry: g, distance: distance)
        }
    }

    private static func fits(row: ChartRow, top: Double, geometry g: PageGeometry) -> Bool {
        let bottom = top + row.height.value
        guard bottom <= g.areaBottom else { return false }
        let left = g.centreX - row.width.value / 2
        let labelTop = top - PageGeometry.labelBand
        if bottom > g.keepOutTop && labelTop < g.areaBottom && left < g.keepOutRight + 1 { return false }
        return true
    }

    private static func tooLargeError(rows: [ChartRow], spec: ChartSpec) -> ChartError {
        let paper = spec.paper
        let suggestedPaper = Paper.bySize.first { candidate in
            candidate.width.value * candidate.height.value > paper.width.value * paper.height.value
                && paginate(rows: rows, paper: candidate, spec: spec) != nil
        }
        // The largest starting row that fits the requested paper.
        var suggestedRows: LogMARStep?
        var remaining = rows
        while remaining.count > 1 {
            remaining.removeFirst()
            if paginate(rows: remaining, paper: paper, spec: spec) != nil {
                suggestedRows = remaining.first?.step
                break
            }
        }
        let offending = rows.first { row in
            paginate(rows: [row], paper: paper, spec: spec) == nil
        } ?? rows[0]
        return .rowTooLarge(row: offending.step, width: Millimetres(offending.width.value * spec.scale + 2 * PageGeometry.margin),
                            paper: paper, suggestedPaper: suggestedPaper, suggestedRows: suggestedRows)
    }

    private static func strokeWarnings(rows: [ChartRow], scale: Double) -> [String] {
        let thin = rows.filter { $0.stroke.value * scale < 0.1 }
        guard let first = thin.first, let last = thin.last else { return [] }
        let range = thin.count == 1 ? "row logMAR \(first.step) has strokes" : "rows logMAR \(first.step) to \(last.step) have strokes"
        let widths = thin.count == 1
            ? DecimalText.fixed(first.stroke.value * scale, places: 3)
            : "\(DecimalText.fixed(first.stroke.value * scale, places: 3))–\(DecimalText.fixed(last.stroke.value * scale, places: 3))"
        return ["\(range) of \(widths) mm, under 0.1 mm: an office printer cannot render them reliably; use a high-resolution printer, a longer distance, or --rows ending at \(LogMARStep(tenths: first.step.tenths + 1))"]
    }
}
