import ChartPDF
import Diagnostics
import Foundation
import Optotypes

/// One chart of the site's chart set.
struct SiteChart: Sendable {
    var spec: ChartSpec
    var layout: ChartLayout
}

extension PageWriter {
    /// The configured chart set: every distance × optotype, each on the smallest paper (from the
    /// configured one up) that holds its widest row without shrinking it.
    static func chartSet(_ settings: SiteSettings, display: String, log: inout DiagnosticLog) -> [SiteChart] {
        let at = SourceLocation(path: display)
        var distances: [ViewingDistance] = []
        for text in settings.chartDistances {
            do { distances.append(try ViewingDistance(parsing: text)) } catch {
                log.error("charts.distances: '\(text)': \(error)", at: at)
            }
        }
        var kinds: [OptotypeKind] = []
        for text in settings.chartOptotypes {
            do { kinds.append(try OptotypeKind(named: text)) } catch {
                log.error("charts.optotypes: '\(text)': \(error)", at: at)
            }
        }
        let paper: Paper
        do { paper = try Paper(named: settings.chartPaper) } catch {
            log.error("charts.paper: '\(settings.chartPaper)': \(error)", at: at)
            return []
        }
        let papers = Array(Paper.bySize.drop { $0 != paper })
        var charts: [SiteChart] = []
        for distance in distances {
            for kind in kinds {
                var lastError: ChartError?
                var made: SiteChart?
                for candidate in papers {
                    do {
                        let spec = try ChartSpec(distance: distance, optotype: kind, sequence: .chart1, seed: 1, paper: candidate)
                        made = SiteChart(spec: spec, layout: try ChartLayout(spec: spec))
                        break
                    } catch let error as ChartError {
                        lastError = error
                    } catch {
                        log.error("chart \(distance.token) \(kind.rawValue): \(error)", at: at)
                        break
                    }
                }
                if let made { charts.append(made) } else if let lastError {
                    log.error("chart \(distance.token) \(kind.rawValue) fits no paper up to A0: \(lastError)", at: at)
                }
            }
        }
        return charts
    }

    /// Writes each chart as PDF and SVG, and the Charts page.
    mutating func writeCharts(renderer: PageRenderer, problems: inout ProblemList) {
        guard !content.charts.isEmpty else { return }
        let results = content.charts.map { chart -> [String: Any]? in
            let stem = "charts/" + chart.spec.fileStem
            do {
                let pdf = try ChartRenderer.render(chart.layout, format: .pdf)
                let svg = try ChartRenderer.render(chart.layout, format: .svg)
                try output.write(Data(pdf.data), to: stem + ".pdf")
                try output.write(Data(svg.data), to: stem + ".svg")
                let largest = chart.spec.chartRows.first?.height.value ?? 0
                let smallest = chart.spec.chartRows.last
                return [
                    "distance": chart.spec.distance.description, "optotype": chart.spec.optotype.description,
                    "paper": chart.spec.paper.description, "pages": pdf.pageCount, "isMultiPage": pdf.pageCount > 1,
                    "pdf": stem + ".pdf", "svg": stem + ".svg", "id": chart.spec.chartID,
                    "largest": String(format: "%.2f", largest),
                    "smallestStroke": smallest.map { String(format: "%.3f", $0.stroke.value) } ?? "",
                    "warnings": pdf.warnings, "hasWarnings": !pdf.warnings.isEmpty,
                ]
            } catch let error as ChartError {
                problems.diagnostics.append(.error("\(error)", at: SourceLocation(path: stem)))
            } catch let error as OutputError {
                problems.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: stem)))
            } catch {
                problems.diagnostics.append(.error("\(error)", at: SourceLocation(path: stem)))
            }
            return nil
        }
        let charts = results.compactMap { $0 }
        page("charts", context: ["title": "Charts", "charts": charts, "chartCount": charts.count,
                                 "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)]],
             title: "Charts", path: "charts/index.html", kind: "charts", renderer: renderer, problems: &problems)
    }
}
