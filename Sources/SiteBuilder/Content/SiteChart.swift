import ChartPDF
import Diagnostics
import Foundation
import Optotypes

/// One chart of the site's chart set.
struct SiteChart: Sendable {
    var spec: ChartSpec
    var layout: ChartLayout
}

extension SiteChart {
    /// The configured chart set: every distance × optotype on the configured paper, tiled across sheets
    /// when larger than one.
    static func set(for settings: SiteSettings, display: String, log: inout DiagnosticLog) -> [SiteChart] {
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
        var charts: [SiteChart] = []
        for distance in distances {
            for kind in kinds {
                // On the configured paper (default A4): a chart larger than a sheet is tiled, never shrunk.
                do {
                    let spec = try ChartSpec(distance: distance, optotype: kind, sequence: .chart1, seed: 1, paper: paper)
                    charts.append(SiteChart(spec: spec, layout: try ChartLayout(spec: spec)))
                } catch {
                    log.error("chart \(distance.token) \(kind.rawValue): \(error)", at: at)
                }
            }
        }
        return charts
    }
}
