import Foundation
import Testing
import ChartPDF
import Optotypes
import TestSupport

@Suite("Golden SVG")
struct GoldenSVGTests {
    /// The golden files live beside this test; `LOUPE_RECORD=1` rewrites them.
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("a 40 cm Sloan chart 1 on A4 renders exactly as recorded")
    func nearSloan() throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: "40cm"), optotype: .sloan, sequence: .chart1, seed: 1, paper: .a4)
        let svg = try ChartRenderer.render(spec, format: .svg)
        let url = Self.goldenFolder.appendingPathComponent("chart-40cm-sloan-1-a4.svg")
        try Golden.check(Data(svg.data), against: url)
    }
}
