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
        #expect(Set([landscape.0, landscape.1].map { ($0 * 25.4 / 72).rounded() }) == [420, 297])
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
        // One SVG per sheet, each the size of the paper.
        #expect(far.sheets.count == far.pageCount && far.pageCount > 2)
        #expect(far.sheets.map(\.name).prefix(2) == ["cover", "A1"])
        for sheet in far.sheets {
            let text = String(decoding: sheet.data, as: UTF8.self)
            #expect(text.contains("width=\"420mm\" height=\"297mm\"") || text.contains("width=\"297mm\" height=\"420mm\""))
        }
    }

    @Test("every sheet carries the calibration furniture")
    func furniture() throws {
        let layout = try ChartLayout(spec: ChartSpec(distance: ViewingDistance(parsing: "4m"), optotype: .landoltC, paper: .a2,
                                                     arrangement: .rows))
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

    @Test("the PDF title's em dash is PDFDocEncoding 0x84 (not WinAnsi's 0x97, which viewers show as Š)")
    func titleEncoding() throws {
        #expect(WinAnsi.pdfDocCString("a — b") == [97, 32, CChar(bitPattern: 0x84), 32, 98, 0])
        let pdf = try ChartRenderer.render(Self.nearSpec(), format: .pdf).data
        // libharu writes bytes above 0x7E in octal: 0x84 is \204.
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Title (Loupe acuity chart \\204 40 cm, Sloan letters, sloan-1)"))
    }

    @Test("the ID-1 card outline, line included, stays inside the 10 mm margin")
    func cardInsideMargin() throws {
        let page = try #require(ChartRenderer.pages(of: ChartLayout(spec: Self.nearSpec())).first)
        for element in page.elements {
            guard case let .stroke(_, width) = element, width == ChartPage.cardLineWidth, let box = ChartPage.bounds(of: element) else { continue }
            #expect(box.maxX <= page.width - 10 + 1e-9 && box.maxY <= page.height - 10 + 1e-9 && box.minX >= 10, "\(box)")
        }
    }

    @Test("no optotype name on a score sheet runs into a box: each follows its own box and ends before the next", arguments: OptotypeKind.allCases)
    func scoreSheetNamesFitTheirColumns(optotype: OptotypeKind) throws {
        for paper in [Paper.a4, .letter] {
            let layout = try ChartLayout(spec: ChartSpec(distance: ViewingDistance(parsing: "20ft"), optotype: optotype, sequence: .chart1, paper: paper))
            let page = ChartPage(scoreSheetOf: layout)
            let boxes = page.elements.flatMap { element -> [Double] in
                guard case let .stroke(path, width) = element, width == 0.25 else { return [] }
                return path.commands.compactMap { if case let .move(point) = $0 { return point.x } else { return nil } }
            }
            let names = page.elements.compactMap { element -> PageText? in
                if case let .text(text) = element, text.isBold, text.baseline > 60, !text.text.contains(" · ") { return text }
                return nil
            }.filter { name in layout.pages.flatMap(\.rows).contains { $0.row.optotypes.contains { $0.description == name.text } } }
            #expect(names.count == boxes.count && !names.isEmpty, "\(optotype) \(paper)")
            for name in names {
                let end = name.x + TextMetrics.width(of: name.text, size: name.size, bold: true)
                let ownBox = try #require(boxes.filter { $0 < name.x }.max(), "\(name.text)")
                #expect(name.x - ownBox < 8, "\(optotype): \(name.text) is not beside its box")
                #expect(boxes.allSatisfy { $0 <= ownBox || $0 >= end + 0.5 }, "\(optotype) \(paper): \(name.text) runs into the next box")
                #expect(name.size >= 5, "\(optotype): \(name.text) at \(name.size) pt is too small to read")
            }
        }
    }

    @Test("the score sheet matches its chart: every row's logMAR and optotypes in order, a box per optotype, the fields and the formula")
    func scoreSheet() throws {
        let layout = try ChartLayout(spec: ChartSpec(distance: ViewingDistance(parsing: "3m"), optotype: .sloan, sequence: .chart2, paper: .letter))
        let page = ChartPage(scoreSheetOf: layout)
        let texts = page.elements.compactMap { element -> PageText? in
            if case let .text(text) = element { return text }
            return nil
        }
        let rows = layout.pages.flatMap(\.rows).map(\.row)
        #expect(rows.count == 14)
        for row in rows {
            let label = try #require(texts.first { $0.text.hasPrefix(row.step.description + " · ") }, "row \(row.step)")
            let letters = texts.filter { abs($0.baseline - label.baseline) < 1e-9 && $0.isBold }.sorted { $0.x < $1.x }.map(\.text)
            #expect(letters == row.optotypes.map(\.description), "row \(row.step)")
        }
        for field in ["Patient", "Eye:  R  /  L  /  both", "Distance used", "Date", "Examiner"] {
            #expect(texts.contains { $0.text == field })
        }
        #expect(texts.contains { $0.text.contains("logMAR = L0 + 0.1 - 0.02 ×") })
        let boxes = page.elements.compactMap { element -> Int? in
            if case let .stroke(path, width) = element, width == 0.25 { return path.commands.filter { $0 == .close }.count }
            return nil
        }
        #expect(boxes == [70])
        for element in page.elements {
            let box = try #require(ChartPage.bounds(of: element))
            #expect(box.minX >= 10 && box.maxX <= page.width - 10 && box.minY >= 10 && box.maxY <= page.height - 10, "\(element)")
        }
        // --score-sheet adds it as the last page.
        let plain = try ChartRenderer.render(layout, format: .pdf)
        #expect(try ChartRenderer.render(layout, format: .pdf, scoreSheet: true).pageCount == plain.pageCount + 1)
        #expect(try ChartRenderer.render(layout, format: .svg, scoreSheet: true).sheets.last?.name == "score")
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
