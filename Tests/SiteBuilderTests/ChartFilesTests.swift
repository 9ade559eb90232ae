import Diagnostics
import Foundation
@testable import SiteBuilder
import Synchronization
import Testing
import TestSupport

/// The chart files are written on another thread while the deck is read (they depend on `loupe.yml`
/// alone): a build must still have finished writing them when it returns.
@Suite("Chart files written beside the deck's reading")
struct ChartFilesTests {
    /// Counts the files written to it.
    final class CountingOutput: SiteOutput {
        private let written = Mutex<[String]>([])
        var paths: [String] { written.withLock { $0 } }
        func write(_ data: Data, to relativePath: String) throws(OutputError) {
            written.withLock { $0.append(relativePath) }
        }
    }

    @Test func aFailedBuildWritesNothingOnceItHasReturned() throws {
        let project = try IncrementalBuildTests.Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        try Data("this is not\ta deck\n".utf8).write(to: project.deck)
        let output = CountingOutput()
        let report = SiteGenerator.generate(project.options(out: "site"), into: HashingOutput(wrapping: output))
        #expect(report.diagnostics.contains { $0.severity == .error })
        let afterReturn = output.paths
        #expect(afterReturn.contains { $0.hasPrefix("charts/") }, "the example content's charts are written before the deck fails")
        Thread.sleep(forTimeInterval: 1)
        #expect(output.paths.count == afterReturn.count, "written after the build returned: \(output.paths.dropFirst(afterReturn.count))")
    }

    @Test func aBuildWritesEveryChartFileOnce() throws {
        let project = try IncrementalBuildTests.Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        let output = CountingOutput()
        let report = SiteGenerator.generate(project.options(out: "site"), into: HashingOutput(wrapping: output))
        #expect(!report.diagnostics.contains { $0.severity == .error })
        let charts = output.paths.filter { $0.hasPrefix("charts/") }
        #expect(charts.count > 10 && Set(charts).count == charts.count, "\(charts.count) chart files")
        #expect(charts.contains("charts/index.html"))
    }
}

/// The Charts page states each chart's largest optotype in millimetres with two decimals: the top row's
/// height by SPEC's formula, h = 2·d·tan(2.5′·10^logMAR), times the chart's print scale.
@Suite("The Charts page's sizes")
struct ChartsPageSizeTests {
    /// Keeps the bytes written to one path.
    final class CapturingOutput: SiteOutput {
        let wanted: String
        private let captured = Mutex<Data?>(nil)
        init(_ wanted: String) { self.wanted = wanted }
        var data: Data? { captured.withLock { $0 } }
        func write(_ data: Data, to relativePath: String) throws(OutputError) {
            if relativePath == wanted { captured.withLock { $0 = data } }
        }
    }

    @Test func eachChartsLargestOptotypeFollowsTheFormula() throws {
        let project = try IncrementalBuildTests.Project()
        defer { try? FileManager.default.removeItem(at: project.root) }
        var log = DiagnosticLog()
        let content = try #require(SiteContent.load(project.options(out: "site"), log: &log))
        #expect(content.charts.count >= 2)
        let expected = content.charts.map { chart -> String in
            let spec = chart.spec
            let height = 2 * spec.distance.millimetres.value * tan(2.5 / 60 * Double.pi / 180 * pow(10, spec.rows.largest.logMAR))
            return String(format: "%.2f", height * spec.scale)
        }
        let output = CapturingOutput("charts/index.html")
        let report = SiteGenerator.generate(project.options(out: "site"), into: HashingOutput(wrapping: output))
        #expect(!report.diagnostics.contains { $0.severity == .error })
        let page = String(decoding: try #require(output.data), as: UTF8.self)
        // Each "largest optotype … mm", with the numeric references a Markdown template writes in raw HTML
        // (`5&#46;82`) read as the browser reads them.
        let shown = page.components(separatedBy: "largest optotype ").dropFirst()
            .compactMap { rest -> String? in
                let number = rest.prefix { $0 != " " }
                return rest.dropFirst(number.count).hasPrefix(" mm") ? number.replacingOccurrences(of: "&#46;", with: ".") : nil
            }
        #expect(shown == expected)
    }
}
