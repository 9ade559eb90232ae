import Optotypes

/// Renders a chart spec to a PDF or SVG file in memory.
public enum ChartRenderer {
    /// Lays out and draws `spec` in `format`. Deterministic: the same spec gives the same bytes.
    public static func render(_ spec: ChartSpec, format: ChartFormat) throws(ChartError) -> RenderedChart {
        let layout = try ChartLayout(spec: spec)
        return try render(layout, format: format)
    }

    /// Draws an already computed layout in `format`.
    public static func render(_ layout: ChartLayout, format: ChartFormat) throws(ChartError) -> RenderedChart {
        let pages = layout.pages.map { ChartPage(layout: layout, page: $0) }
        let title = "Loupe acuity chart — \(layout.spec.distance), \(layout.spec.optotype), \(layout.spec.chartID)"
        let data: [UInt8] = switch format {
        case .pdf: try PDFWriter.write(pages, title: title)
        case .svg: Array(SVGWriter.write(pages, title: title).utf8)
        }
        return RenderedChart(data: data, warnings: layout.warnings, pageCount: pages.count)
    }

    /// The drawing of every sheet, for callers that want their own output (previews, tests).
    public static func pages(of layout: ChartLayout) -> [ChartPage] {
        layout.pages.map { ChartPage(layout: layout, page: $0) }
    }
}
