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
    /// The sheets, in order. For a tiled chart, a single entry: the assembled chart, in canvas coordinates.
    public let pages: [PageLayout]
    /// How a chart larger than one sheet is cut into sheets; `nil` when every sheet stands alone.
    public let tiling: TileGrid?
    /// Warnings for the user.
    public let warnings: [String]

    let geometry: PageGeometry
    /// The assembled chart's geometry when tiled (its own header and footer places).
    let canvas: CanvasGeometry?

    /// The number of sheets printed.
    public var sheetCount: Int { tiling?.tiles.count ?? pages.count }

    /// Lays out `spec`. A chart that fits one sheet (either orientation) is printed on it; a larger chart is
    /// tiled across sheets (orientation with fewer sheets); `--layout rows` puts rows on sheets of their own and
    /// throws when a row is wider than the paper. Rows are never shrunk.
    public init(spec: ChartSpec) throws(ChartError) {
        self.spec = spec
        let rows = spec.chartRows
        let paper = spec.paper
        self.warnings = Self.strokeWarnings(rows: rows, spec: spec)
        if spec.arrangement == .chart, let (landscape, pages, geometry) = Self.paginate(rows: rows, paper: paper, spec: spec),
           pages.count == 1 {
            self.isLandscape = landscape
            self.pages = pages
            self.geometry = geometry
            self.tiling = nil
            self.canvas = nil
        } else if spec.arrangement == .chart {
            var best: (Bool, PageGeometry, CanvasGeometry, PageLayout, TileGrid)?
            for landscape in [false, true] {
                let geometry = PageGeometry(paperWidth: landscape ? paper.height.value : paper.width.value,
                                            paperHeight: landscape ? paper.width.value : paper.height.value, scale: spec.scale)
                let canvas = CanvasGeometry(rows: rows, distance: spec.distance, sheet: geometry)
                let placed = canvas.place(rows)
                let grid = TileGrid(canvasWidth: canvas.width, canvasHeight: canvas.height, geometry: geometry)
                if best == nil || grid.tiles.count < best?.4.tiles.count ?? 0 {
                    best = (landscape, geometry, canvas, PageLayout(canvasRows: placed, canvas: canvas, distance: spec.distance), grid)
                }
            }
            guard let (landscape, geometry, canvas, page, grid) = best else { throw Self.tooLargeError(rows: rows, spec: spec) }
            self.isLandscape = landscape
            self.pages = [page]
            self.geometry = geometry
            self.tiling = grid
            self.canvas = canvas
        } else {
            guard let (landscape, pages, geometry) = Self.paginate(rows: rows, paper: paper, spec: spec, perSheet: true) else {
                throw Self.tooLargeError(rows: rows, spec: spec)
            }
            self.isLandscape = landscape
            self.pages = pages
            self.geometry = geometry
            self.tiling = nil
            self.canvas = nil
        }
        self.pageWidth = isLandscape ? paper.height : paper.width
        self.pageHeight = isLandscape ? paper.width : paper.height
    }

    /// Converts a layout length to paper millimetres.
    public func onPaper(_ layoutMillimetres: Double) -> Double { layoutMillimetres * spec.scale }

    // MARK: Pagination

    private static func paginate(rows: [ChartRow], paper: Paper, spec: ChartSpec, perSheet: Bool = false) -> (Bool, [PageLayout], PageGeometry)? {
        var found: (Bool, [PageLayout], PageGeometry)?
        for landscape in [false, true] {
            let geometry = PageGeometry(paperWidth: landscape ? paper.height.value : paper.width.value,
                                        paperHeight: landscape ? paper.width.value : paper.height.value, scale: spec.scale)
            if let pages = paginate(rows: rows, geometry: geometry, distance: spec.distance, perSheet: perSheet) {
                // One sheet wins at once; otherwise the orientation with fewer sheets.
                if pages.count == 1 { return (landscape, pages, geometry) }
                if found == nil || pages.count < found?.1.count ?? 0 { found = (landscape, pages, geometry) }
            }
        }
        return found
    }

    /// Places rows top to bottom, starting a new sheet when a row would cross the footer or the vertical
    /// ruler; `nil` when some row cannot be placed even at the top of an empty sheet.
    static func paginate(rows: [ChartRow], geometry g: PageGeometry, distance: ViewingDistance, perSheet: Bool = false) -> [PageLayout]? {
        var pages: [[(ChartRow, Double)]] = []
        var current: [(ChartRow, Double)] = []
        var cursor = g.areaTop + PageGeometry.labelBand
        for row in rows {
            let h = row.height.value
            guard row.width.value <= g.usableWidth else { return nil }
            var placed = false
            for attempt in 0..<2 {
                let top = current.isEmpty ? g.areaTop + PageGeometry.labelBand : cursor + h
                // A row per sheet: a further row joins only while the sheet's rows stay under a quarter of its area.
                let crowded = perSheet && !current.isEmpty && top + h - g.areaTop > g.areaHeight / 4
                if !crowded && fits(row: row, top: top, geometry: g) {
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
            // A row per sheet: the sheet's rows are centred vertically in the area between header and footer.
            var placed = placed
            if perSheet, let first = placed.first, let last = placed.last {
                let used = last.1 + last.0.height.value - (first.1 - PageGeometry.labelBand)
                let shift = max(0, (g.areaHeight - used) / 2)
                placed = placed.map { ($0.0, $0.1 + shift) }
            }
            return PageLayout(index: index, count: pages.count, placed: placed, geometry: g, distance: distance)
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
                && paginate(rows: rows, paper: candidate, spec: spec, perSheet: true) != nil
        }
        // The largest starting row that fits the requested paper.
        var suggestedRows: LogMARStep?
        var remaining = rows
        while remaining.count > 1 {
            remaining.removeFirst()
            if paginate(rows: remaining, paper: paper, spec: spec, perSheet: true) != nil {
                suggestedRows = remaining.first?.step
                break
            }
        }
        let offending = rows.first { row in
            paginate(rows: [row], paper: paper, spec: spec) == nil
        } ?? rows[0]
        return .rowTooLarge(row: offending.step, width: Millimetres(offending.width.value * spec.scale + 2 * PageGeometry.margin),
                            paper: paper, suggestedPaper: suggestedPaper, suggestedRows: suggestedRows, smallestRow: spec.rows.smallest)
    }

    /// Printer dots per stroke under which dot gain thickens a stroke by more than about 5 %.
    static let minimumStrokeDots = 4.0

    /// Rows whose strokes (h/5 on paper) are under four printer dots at the spec's printer resolution.
    private static func strokeWarnings(rows: [ChartRow], spec: ChartSpec) -> [String] {
        let dot = 25.4 / spec.printerDPI
        let thin = rows.filter { $0.stroke.value * spec.scale < minimumStrokeDots * dot }
        guard let first = thin.first, let last = thin.last else { return [] }
        let dpi = DecimalText.trimmed(spec.printerDPI, places: 0)
        let range = thin.count == 1 ? "row logMAR \(first.step) has strokes" : "rows logMAR \(first.step) to \(last.step) have strokes"
        let widths = thin.count == 1
            ? DecimalText.fixed(first.stroke.value * spec.scale, places: 3)
            : "\(DecimalText.fixed(first.stroke.value * spec.scale, places: 3))–\(DecimalText.fixed(last.stroke.value * spec.scale, places: 3))"
        let dots = DecimalText.fixed(first.stroke.value * spec.scale / dot, places: 1)
        var advice = spec.printerDPI < 1200 ? "print at 1200 dpi (--printer-dpi 1200), " : ""
        advice += "use a longer distance, or end the chart at --rows \(spec.rows.largest)..\(LogMARStep(tenths: first.step.tenths + 1))"
        return ["\(range) of \(widths) mm, under \(Int(minimumStrokeDots)) printer dots at \(dpi) dpi (\(dots) dots at most): dot gain thickens them by more than 5 %; \(advice)"]
    }
}
