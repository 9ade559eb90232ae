import Foundation
import Testing
import ChartPDF
import Optotypes

@Suite("Golden SVG")
struct GoldenSVGTests {
    /// The golden files live beside this test; `LOUPE_RECORD=1` rewrites them.
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("a 40 cm Sloan chart 1 on A4 renders exactly as recorded")
    func nearSloan() throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: "40cm"), optotype: .sloan, sequence: .chart1, seed: 1, paper: .a4)
        let svg = try ChartRenderer.render(spec, format: .svg)
        let url = Self.goldenFolder.appendingPathComponent("chart-40cm-sloan-1-a4.svg")
        if ProcessInfo.processInfo.environment["LOUPE_RECORD"] == "1" {
            try Data(svg.data).write(to: url, options: .atomic)
            return
        }
        let golden = try Data(contentsOf: url)
        let actual = String(decoding: svg.data, as: UTF8.self)
        let expected = String(decoding: golden, as: UTF8.self)
        if actual != expected {
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actualLines.count, expectedLines.count)
            Issue.record("SVG differs from \(url.path) at line \(first + 1); re-record with LOUPE_RECORD=1 after reviewing")
        }
    }
}
