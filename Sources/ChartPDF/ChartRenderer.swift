import Optotypes

/// Renders a chart spec to a PDF or SVG file in memory.
public enum ChartRenderer {
    /// Lays out and draws `spec` in `format`. Deterministic: the same spec gives the same bytes.
    public static func render(_ spec: ChartSpec, format: ChartFormat) throws(ChartError) -> RenderedChart {
        let layout = try ChartLayout(spec: spec)
        return try render(layout, format: format)
    }

    /// Draws an already computed layout in `format`.
    /// With `scoreSheet`, a recording form for the same sequence follows the chart (PDF: a last page; SVG: a sheet
    /// named `score`).
    public static func render(_ layout: ChartLayout, format: ChartFormat, scoreSheet: Bool = false) throws(ChartError) -> RenderedChart {
        try render(layout, pages: pages(of: layout), format: format, scoreSheet: scoreSheet)
    }

    /// The chart as PDF and as SVG (``render(_:format:scoreSheet:)`` for each), its sheets drawn once for both.
    public static func renderPDFAndSVG(_ layout: ChartLayout) throws(ChartError) -> (pdf: RenderedChart, svg: RenderedChart) {
        let pages = pages(of: layout)
        return (try render(layout, pages: pages, format: .pdf, scoreSheet: false), try render(layout, pages: pages, format: .svg, scoreSheet: false))
    }

    private static func render(_ layout: ChartLayout, pages: [ChartPage], format: ChartFormat, scoreSheet: Bool) throws(ChartError) -> RenderedChart {
        var pages = pages
        var names = sheetNames(of: layout)
        if scoreSheet {
            pages.append(ChartPage(scoreSheetOf: layout))
            names.append("score")
        }
        let title = "Loupe acuity chart — \(layout.spec.distance), \(layout.spec.optotype), \(layout.spec.chartID)"
        switch format {
        case .pdf:
            return RenderedChart(data: try PDFWriter.write(pages, title: title), warnings: layout.warnings, pageCount: pages.count)
        case .svg:
            // One SVG per sheet; `data` is the first.
            let sheets = zip(names, pages).map { name, page in
                RenderedChart.Sheet(name: name, data: Array(SVGWriter.write([page], title: pages.count > 1 ? "\(title) — sheet \(name)" : title).utf8))
            }
            return RenderedChart(data: sheets.first?.data ?? [], warnings: layout.warnings, pageCount: pages.count, sheets: sheets)
        }
    }

    /// The drawing of every sheet, for callers that want their own output (previews, tests). A tiled chart
    /// starts with its cover (assembly diagram and instructions), then one page per tile (`A1`, `A2`, …).
    public static func pages(of layout: ChartLayout) -> [ChartPage] {
        guard let grid = layout.tiling, let canvas = layout.canvas else {
            return layout.pages.map { ChartPage(layout: layout, page: $0) }
        }
        let elements = ChartPage.canvasElements(layout: layout, canvas: canvas, grid: grid)
        let bounds = elements.map(ChartPage.bounds(of:))  // once, not once per sheet
        return [ChartPage(coverOf: layout, grid: grid)]
            + grid.tiles.map { ChartPage(tile: $0, of: layout, grid: grid, canvasElements: elements, canvasBounds: bounds) }
    }

    /// The score sheet alone (the site publishes it beside each chart).
    public static func scoreSheet(of layout: ChartLayout) throws(ChartError) -> [UInt8] {
        let title = "Loupe score sheet — \(layout.spec.distance), \(layout.spec.optotype), \(layout.spec.chartID)"
        return try PDFWriter.write([ChartPage(scoreSheetOf: layout)], title: title)
    }

    /// Names of the sheets `pages(of:)` returns: `sheet` for a single sheet, `cover`, `A1`, `A2`, … for a tiled chart,
    /// `sheet1`, `sheet2`, … for a row per sheet.
    public static func sheetNames(of layout: ChartLayout) -> [String] {
        if let grid = layout.tiling { return ["cover"] + grid.tiles.map(\.label) }
        return layout.pages.count == 1 ? ["sheet"] : layout.pages.map { "sheet\($0.index + 1)" }
    }

    /// The assembled chart as one SVG drawing (a preview of a tiled chart; the sheet itself otherwise).
    public static func previewSVG(of layout: ChartLayout) -> [UInt8] {
        let title = "Loupe acuity chart — \(layout.spec.distance), \(layout.spec.optotype), \(layout.spec.chartID)"
        guard let grid = layout.tiling, let canvas = layout.canvas else {
            return Array(SVGWriter.write(Array(pages(of: layout).prefix(1)), title: title).utf8)
        }
        let elements = ChartPage.canvasElements(layout: layout, canvas: canvas, grid: grid)
        let page = ChartPage(width: grid.canvasWidth + 20, height: grid.canvasHeight + 20, scale: 1,
                             elements: elements.compactMap { ChartPage.translate($0, dx: 10, dy: 10) })
        return Array(SVGWriter.write([page], title: title).utf8)
    }
}
