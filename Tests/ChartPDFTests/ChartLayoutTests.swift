import Testing
@testable import ChartPDF
@testable import Optotypes

@Suite("Placing a chart on paper")
struct ChartLayoutTests {
    static func spec(_ distance: String, _ kind: OptotypeKind = .sloan, paper: Paper = .a4, rows: String = "+1.0..-0.3",
                     scale: Double = 1) throws -> ChartSpec {
        try ChartSpec(distance: ViewingDistance(parsing: distance), optotype: kind, sequence: .chart1, seed: 1, paper: paper,
                      rows: LogMARRange(parsing: rows), scale: scale)
    }

    @Test("a 40 cm chart fits one portrait A4 sheet; a 3 m chart needs A3 landscape over several sheets")
    func orientationAndPages() throws {
        let near = try ChartLayout(spec: Self.spec("40cm"))
        #expect(!near.isLandscape)
        #expect(near.pages.count == 1)
        #expect(near.pageWidth.value == 210 && near.pageHeight.value == 297)
        let far = try ChartLayout(spec: Self.spec("3m", .tumblingE, paper: .a3))
        #expect(far.isLandscape)
        #expect(far.pages.count >= 2)
        #expect(far.pageWidth.value == 420)
        #expect(far.pages.flatMap(\.rows).count == 14)
    }

    @Test("rows are centred, one width apart, and the gap below a row is the next row's height")
    func etdrsSpacing() throws {
        for spec in [try Self.spec("40cm"), try Self.spec("4m", .landoltC, paper: .a1), try Self.spec("20ft", paper: .a0)] {
            let layout = try ChartLayout(spec: spec)
            for page in layout.pages {
                for placed in page.rows {
                    #expect(abs(placed.left + placed.row.width.value / 2 - layout.pageWidth.value / 2) < 1e-9)
                }
                for (row, next) in zip(page.rows, page.rows.dropFirst()) {
                    #expect(abs(next.top - row.bottom - next.row.height.value) < 1e-9)
                }
            }
        }
    }

    @Test("rows too wide are never shrunk: the error names a paper that fits and a smaller first row")
    func tooWide() throws {
        let spec = try Self.spec("20ft", paper: .a4)
        do {
            _ = try ChartLayout(spec: spec)
            Issue.record("a 20 ft chart cannot fit A4")
        } catch {
            guard case let .rowTooLarge(row, _, paper, suggestedPaper, suggestedRows) = error else {
                Issue.record("unexpected \(error)"); return
            }
            #expect(row.tenths == 10)
            #expect(paper == .a4)
            #expect(suggestedPaper == .a1)
            #expect(suggestedRows?.tenths == 5)
            #expect(error.description.contains("--paper a1"))
            #expect(error.description.contains("never shrunk"))
        }
        // The suggestion works.
        #expect(try ChartLayout(spec: Self.spec("20ft", paper: .a1)).pages.count >= 1)
        #expect(try ChartLayout(spec: Self.spec("20ft", paper: .a4, rows: "+0.5..-0.3")).pages.count >= 1)
    }

    @Test("near charts warn when strokes fall under 0.1 mm")
    func thinStrokeWarning() throws {
        let layout = try ChartLayout(spec: Self.spec("40cm"))
        #expect(layout.warnings.count == 1)
        #expect(layout.warnings.first?.contains("-0.1 to -0.3") == true)
        #expect(try ChartLayout(spec: Self.spec("40cm", rows: "+1.0..0.0")).warnings.isEmpty)
        #expect(try ChartLayout(spec: Self.spec("3m", paper: .a3)).warnings.isEmpty)
    }

    @Test("everything stays 10 mm from the paper edge, on every sheet, at every scale",
          arguments: [("40cm", Paper.a4, 1.0), ("40cm", .letter, 1.05), ("3m", .a3, 0.95), ("4m", .a2, 1.0), ("20ft", .a0, 1.03),
                      ("16in", .tabloid, 1.0)])
    func margins(distance: String, paper: Paper, scale: Double) throws {
        let layout = try ChartLayout(spec: Self.spec(distance, .landoltC, paper: paper, scale: scale))
        for page in ChartRenderer.pages(of: layout) {
            for element in page.elements {
                let box: PathBounds
                switch element {
                case let .fill(path), let .stroke(path, _):
                    box = try #require(path.bounds)
                case let .text(text):
                    let width = TextMetrics.width(of: text.text, size: text.size, bold: text.isBold)
                    let left = text.anchor == .start ? text.x : (text.anchor == .middle ? text.x - width / 2 : text.x - width)
                    // Helvetica: ascent about 0.75 em, descent about 0.22 em.
                    let em = text.size * 25.4 / 72
                    box = PathBounds(minX: left, minY: text.baseline - 0.75 * em, maxX: left + width, maxY: text.baseline + 0.22 * em)
                }
                let s = page.scale
                #expect(box.minX * s >= 10 - 1e-9 && box.minY * s >= 10 - 1e-9, "\(element)")
                #expect(box.maxX * s <= page.width - 10 + 1e-9 && box.maxY * s <= page.height - 10 + 1e-9, "\(element)")
            }
        }
    }

    @Test("side labels never overlap and stay beside their rows")
    func labels() throws {
        let layout = try ChartLayout(spec: Self.spec("40cm"))
        let rows = try #require(layout.pages.first).rows
        let baselines = rows.map(\.label.baseline)
        for (a, b) in zip(baselines, baselines.dropFirst()) {
            #expect(b - a >= ChartLayout.labelPitch - 1e-9)
        }
        #expect(rows.first?.label.text == "+1.0 · 20/200 · 6/60 · 4.00 M")
        #expect(rows.last?.label.text == "-0.3 · 20/10 · 6/3 · 0.20 M")
        let far = try ChartLayout(spec: Self.spec("3m", paper: .a3))
        #expect(far.pages[0].rows[0].label.text == "+1.0 · 20/200 · 6/60")
    }

    @Test("the print scale multiplies every drawn size but keeps the paper and its margins")
    func scale() throws {
        let plain = try ChartLayout(spec: Self.spec("40cm"))
        let scaled = try ChartLayout(spec: Self.spec("40cm", scale: 1.04))
        #expect(scaled.pageWidth == plain.pageWidth)
        let row = try #require(scaled.pages.first?.rows.first)
        let distance = try ViewingDistance(parsing: "40cm")
        #expect(abs(scaled.onPaper(row.row.height.value) - 1.04 * OptotypeSize.height(LogMARStep(tenths: 10), at: distance).value) < 1e-12)
        #expect(throws: OptotypeInputError.scaleOutOfRange(1.2)) { try Self.spec("40cm", scale: 1.2) }
        #expect(throws: OptotypeInputError.self) { try Self.spec("40cm", scale: .nan) }
    }
}
