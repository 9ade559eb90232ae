import ChartPDF
import Diagnostics
import Foundation
import Optotypes

extension PageWriter {
    /// Writes each chart as PDF and SVG (unless ``chartFiles`` did), and the Charts page.
    mutating func writeCharts(renderer: PageRenderer, problems: inout ProblemList) {
        guard !content.charts.isEmpty else { return }
        let all = content.charts
        let failures = chartFiles?.value ?? Self.writeChartFiles(of: all, to: output)
        let failed = Set(failures.map(\.location.path))
        problems.diagnostics.append(contentsOf: failures)
        let results = all.map { chart -> [String: Any]? in
            let stem = "charts/" + chart.spec.fileStem
            guard !failed.contains(stem) else { return nil }
            let pageCount = ChartRenderer.sheetNames(of: chart.layout).count  // one name per sheet
            let sheetPaths = Self.sheetPaths(of: chart, stem: stem)
            let warnings = chart.layout.warnings
            let largest = chart.spec.chartRows.first?.height.value ?? 0
            let smallest = chart.spec.chartRows.last
            return [
                "distance": chart.spec.distance.description, "optotype": chart.spec.optotype.description,
                "paper": chart.spec.paper.description, "pages": pageCount, "isMultiPage": pageCount > 1,
                "pdf": stem + ".pdf", "scoreSheet": stem + "-score.pdf", "svg": sheetPaths[0], "preview": stem + "-preview.svg", "id": chart.spec.chartID,
                "svgSheets": sheetPaths.map { ["path": $0, "name": String($0.dropFirst(stem.count + 1).dropLast(4))] },
                "isTiled": chart.layout.tiling != nil,
                // Locale-independent, without Foundation's formatter (which started ICU in every build).
                "largest": DecimalText.fixed(largest, places: 2),
                "smallestStroke": smallest.map { DecimalText.fixed($0.stroke.value, places: 3) } ?? "",
                "warnings": warnings, "hasWarnings": !warnings.isEmpty,
            ]
        }
        let charts = results.compactMap { $0 }
        page("charts", context: ["title": "Charts", "charts": charts, "chartCount": charts.count,
                                 "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)]],
             title: "Charts", path: "charts/index.html", kind: "charts", renderer: renderer, problems: &problems)
    }

    /// Writes each chart's files, on every core (they are independent); returns the problems, each at its
    /// chart's file stem.
    static func writeChartFiles(of charts: [SiteChart], to output: HashingOutput) -> [Diagnostic] {
        let failures = SharedProblems()
        DispatchQueue.concurrentPerform(iterations: charts.count) { index in
            let chart = charts[index]
            let stem = "charts/" + chart.spec.fileStem
            do {
                try writeFiles(of: chart, stem: stem, to: output)
            } catch let error as ChartError {
                failures.add(.error("\(error)", at: SourceLocation(path: stem)))
            } catch {
                failures.add(error, writing: stem)
            }
        }
        return failures.all
    }

    /// One SVG per sheet (named after the sheet when there are several).
    private static func sheetPaths(of chart: SiteChart, stem: String) -> [String] {
        let names = ChartRenderer.sheetNames(of: chart.layout)
        return names.count > 1 ? names.map { stem + "-" + $0 + ".svg" } : [stem + ".svg"]
    }

    /// Writes a chart's PDF, score sheet, SVG sheets and preview, unless an earlier build's files for
    /// the same spec are kept (the files depend on the chart's spec alone).
    private static func writeFiles(of chart: SiteChart, stem: String, to output: HashingOutput) throws {
        let sheetPaths = sheetPaths(of: chart, stem: stem)
        let digest = RecordedHex("chart-2|" + chart.spec.settingsKey)
        let paths = [stem + ".pdf", stem + "-score.pdf", stem + "-preview.svg"] + sheetPaths
        if paths.allSatisfy({ output.reuse($0, digest: digest) != nil }) { return }
        let (pdf, svg) = try ChartRenderer.renderPDFAndSVG(chart.layout)
        try output.write(Data(pdf.data), to: stem + ".pdf", digest: digest)
        try output.write(Data(ChartRenderer.scoreSheet(of: chart.layout)), to: stem + "-score.pdf", digest: digest)
        let sheets = svg.sheets.count > 1 ? svg.sheets.map(\.data) : [svg.data]
        for (path, data) in zip(sheetPaths, sheets) { try output.write(Data(data), to: path, digest: digest) }
        try output.write(Data(ChartRenderer.previewSVG(of: chart.layout)), to: stem + "-preview.svg", digest: digest)
    }
}
