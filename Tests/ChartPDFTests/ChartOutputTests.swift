import Foundation
import Testing
@testable import ChartPDF
import Optotypes

@Suite("PDF and SVG output")
struct ChartOutputTests {
    static func nearSpec() throws -> ChartSpec {
        try ChartSpec(distance: ViewingDistance(parsing: "40cm"), optotype: .sloan, sequence: .chart1, seed: 1, paper: .a4)
    }

    @Test("the PDF asks viewers not to scale, has the real paper size, and is byte-for-byte reproducible")
    func pdfCatalog() throws {
        let chart = try ChartRenderer.render(Self.nearSpec(), format: .pdf)
        let text = String(decoding: chart.data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/ViewerPreferences <<\n/PrintScaling /None"))
        let box = try #require(Self.mediaBox(in: text))
        #expect(abs(box.0 - 210 * 72 / 25.4) < 1e-3 && abs(box.1 - 297 * 72 / 25.4) < 1e-3)
        #expect(!text.contains("/CreationDate"))
        #expect(!text.contains("/ID"))
        #expect(chart.pageCount == 1)
        #expect(chart.warnings.count == 1)
        #expect(try ChartRenderer.render(Self.nearSpec(), format: .pdf) == chart)
        let a3 = try ChartRenderer.render(ChartSpec(distance: ViewingDistance(parsing: "3m"), paper: .a3), format: .pdf)
        let landscape = try #require(Self.mediaBox(in: String(decoding: a3.data, as: UTF8.self)))
        #expect(abs(landscape.0 - 420 * 72 / 25.4) < 1e-3 && abs(landscape.1 - 297 * 72 / 25.4) < 1e-3)
    }

    /// Width and height of the first `/MediaBox [ 0 0 w h ]`.
    static func mediaBox(in text: String) -> (Double, Double)? {
        guard let start = text.range(of: "/MediaBox [ 0 0 ") else { return nil }
        let numbers = text[start.upperBound...].prefix(40).split(separator: " ").prefix(2).compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test("SVG is in millimetres and multi-sheet charts stack their sheets")
    func svgUnits() throws {
        let chart = try ChartRenderer.render(Self.nearSpec(), format: .svg)
        let text = String(decoding: chart.data, as: UTF8.self)
        #expect(text.contains("width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\""))
        #expect(text.hasSuffix("</svg>\n"))
        let far = try ChartRenderer.render(ChartSpec(distance: ViewingDistance(parsing: "3m"), optotype: .tumblingE, paper: .a3), format: .svg)
        let farText = String(decoding: far.data, as: UTF8.self)
        #expect(farText.contains("width=\"420mm\" height=\"\(297 * far.pageCount)mm\""))
    }

    @Test("every sheet carries the calibration furniture")
    func furniture() throws {
        let layout = try ChartLayout(spec: ChartSpec(distance: ViewingDistance(parsing: "4m"), optotype: .landoltC, paper: .a2))
        #expect(layout.pages.count > 1)
        for page in ChartRenderer.pages(of: layout) {
            let texts = page.elements.compactMap { element -> String? in
                if case let .text(text) = element { return text.text }
                return nil
            }
            #expect(texts.contains("Print at 100 % / actual size — do not fit to page"))
            #expect(texts.contains { $0.hasPrefix("Viewing distance 4 m · Landolt C") })
            #expect(texts.contains { $0.hasPrefix("Largest optotype on this sheet: ") && $0.contains(" mm high") })
            #expect(texts.contains { $0.contains("seed 1") })
            #expect(texts.contains { $0.contains("80–320 cd/m²") })
            #expect(texts.contains("ID-1 card outline 85.60 × 53.98 mm"))
            #expect(texts.filter { $0 == "100" }.count == 2)
        }
    }

    @Test("the largest optotype height is printed with two decimals")
    func largestHeight() throws {
        let page = try #require(ChartRenderer.pages(of: ChartLayout(spec: Self.nearSpec())).first)
        let texts = page.elements.compactMap { element -> String? in
            if case let .text(text) = element { return text.text }
            return nil
        }
        #expect(texts.contains { $0.hasPrefix("Largest optotype on this sheet: 5.82 mm high (logMAR +1.0)") })
    }

    @Test("text outside WinAnsi is replaced, never dropped or crashing")
    func winAnsi() {
        #expect(WinAnsi.cString("a—b×²") == [97, CChar(bitPattern: 0x97), 98, CChar(bitPattern: 0xD7), CChar(bitPattern: 0xB2), 0])
        #expect(WinAnsi.cString("′☃") == [63, 63, 0])
        #expect(SVGWriter.escape("<a & \"b\">") == "&lt;a &amp; &quot;b&quot;&gt;")
    }

    @Test("format from the file extension")
    func format() {
        #expect(ChartFormat(fileName: "chart.PDF") == .pdf)
        #expect(ChartFormat(fileName: "out/chart.svg") == .svg)
        #expect(ChartFormat(fileName: "chart") == nil)
        #expect(ChartFormat(fileName: "chart.png") == nil)
    }
}
