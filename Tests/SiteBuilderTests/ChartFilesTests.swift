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
