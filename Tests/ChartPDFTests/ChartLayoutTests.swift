import Testing
import TestSupport
@testable import ChartPDF
@testable import Optotypes

@Suite("Placing a chart on paper")
struct ChartLayoutTests {
    /// A spec's settings key changes with every one of its settings, and names them all: a setting
    /// added to the spec and not to the key fails here (the count of stored properties).
    @Test func theSettingsKeyHoldsEverySetting() throws {
        let base = try ChartSpec(distance: ViewingDistance(parsing: "6m"))
        #expect(Mirror(reflecting: base).children.count == 9)
        var changed: [ChartSpec] = []
        func with(_ change: (inout ChartSpec) throws -> Void) rethrows {
            var spec = base
            try change(&spec)
            changed.append(spec)
        }
        try with { $0.distance = try ViewingDistance(parsing: "6.1m") }
        try with { $0.distance = try ViewingDistance(parsing: "600cm") }
        with { $0.optotype = .landoltC }
        with { $0.sequence = .chart2 }
        with { $0.seed = 2 }
        with { $0.paper = .letter }
        try with { $0.rows = try LogMARRange(parsing: "+1.0..0.0") }
        with { $0.scale = 1.01 }
        with { $0.arrangement = .rows }
        with { $0.printerDPI = 300 }
        let keys = [base.settingsKey] + changed.map(\.settingsKey)
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(try ChartSpec(distance: ViewingDistance(parsing: "6m")).settingsKey == base.settingsKey)
    }

    /// A tiled chart's sheets are the same whether each sheet measures every canvas element moved onto
    /// it, or first passes over those its bounds put clearly outside the sheet.
    @Test func tiledSheetsAreTheSameWithTheBoundsShortcut() throws {
        var tiled = 0
        for (distance, kind, paper) in [("20ft", OptotypeKind.landoltC, Paper.a4), ("6m", .sloan, .letter), ("4m", .tumblingE, .a4)] {
            let layout = try ChartLayout(spec: Self.spec(distance, kind, paper: paper))
            guard let grid = layout.tiling, let canvas = layout.canvas else { continue }
            tiled += 1
            let elements = ChartPage.canvasElements(layout: layout, canvas: canvas, grid: grid)
            let bounds = elements.map(ChartPage.bounds(of:))
            for tile in grid.tiles {
                let shortcut = ChartPage(tile: tile, of: layout, grid: grid, canvasElements: elements, canvasBounds: bounds)
                let measured = ChartPage(tile: tile, of: layout, grid: grid, canvasElements: elements)
                #expect(SVGWriter.write([shortcut], title: "t") == SVGWriter.write([measured], title: "t"), "\(distance) \(kind) sheet \(tile.label)")
            }
        }
        #expect(tiled >= 2)
    }

    /// Label widths summed byte by byte for ASCII text equal the character-by-character sum, on seeded
    /// labels with digits, capitals, wide and narrow letters, CR LF (one character), `·`, `—`, `×` and
    /// a decomposed accent.
    @Test func asciiLabelWidthsAgreeWithCharacters() {
        let pieces = ["0", "9", "A", "M", "W", "w", "i", "r", "%", "-", " ", ".", "+", "\r\n", "\r", "\n", "·", "—", "–", "×", "e\u{0301}", "é", "20/20", "LogMAR"]
        var random = SeededRandom(seed: 0x7E47_2026)
        for _ in 0..<20_000 {
            let text = (0..<random.next(below: 8)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let bold = random.next(below: 2) == 0
            #expect(TextMetrics.width(of: text, size: 9, bold: bold) == TextMetrics.characterWidth(of: text, size: 9, bold: bold), "\(text.debugDescription)")
        }
    }

    static func spec(_ distance: String, _ kind: OptotypeKind = .sloan, paper: Paper = .a4, rows: String = "+1.0..-0.3",
                     scale: Double = 1, arrangement: SheetArrangement = .chart, dpi: Double = 600) throws -> ChartSpec {
        try ChartSpec(distance: ViewingDistance(parsing: distance), optotype: kind, sequence: .chart1, seed: 1, paper: paper,
                      rows: LogMARRange(parsing: rows), scale: scale, arrangement: arrangement, printerDPI: dpi)
    }

    @Test("a 40 cm chart fits one portrait A4 sheet; a 3 m chart on A3 is tiled: cover plus tiles, header and footer once")
    func orientationAndPages() throws {
        let near = try ChartLayout(spec: Self.spec("40cm"))
        #expect(!near.isLandscape)
        #expect(near.pages.count == 1 && near.tiling == nil)
        #expect(near.pageWidth.value == 210 && near.pageHeight.value == 297)
        let far = try ChartLayout(spec: Self.spec("3m", .tumblingE, paper: .a3))
        let grid = try #require(far.tiling)
        #expect(far.pages.count == 1)
        #expect(far.pages.flatMap(\.rows).count == 14)
        #expect(grid.tiles.count >= 2 && far.sheetCount == grid.tiles.count)
        let pages = ChartRenderer.pages(of: far)
        #expect(pages.count == grid.tiles.count + 1)
        #expect(ChartRenderer.sheetNames(of: far) == ["cover"] + grid.tiles.map(\.label))
        // The header and the footer appear once in the assembled chart: above the first row and below the last.
        let texts = ChartPage.canvasElements(layout: far, canvas: try #require(far.canvas), grid: grid).compactMap { element -> PageText? in
            if case let .text(text) = element { return text }
            return nil
        }
        let rows = far.pages[0].rows
        #expect(texts.filter { $0.text.hasPrefix("Print at 100 %") }.count == 1)
        #expect(texts.filter { $0.text.hasPrefix("Print at 100 %") }.allSatisfy { $0.baseline < rows[0].top })
        #expect(texts.filter { $0.text.hasPrefix("Chart tumbling-e-1-1") }.count == 1)
        #expect(texts.filter { $0.text.hasPrefix("Chart ") }.allSatisfy { $0.baseline > rows[rows.count - 1].bottom })
    }

    @Test("the usual clinic distances tile on A4 and Letter; every tile carries its label and a 100 mm ruler",
          arguments: ["3m", "4m", "20ft"], [Paper.a4, .letter])
    func tiles(distance: String, paper: Paper) throws {
        let layout = try ChartLayout(spec: Self.spec(distance, paper: paper))
        let grid = try #require(layout.tiling)
        #expect(grid.tiles.first?.label == "A1")
        // Tiles overlap by 10 mm and together cover the assembled chart.
        let last = try #require(grid.tiles.last)
        #expect(last.canvasX + grid.windowWidth >= grid.canvasWidth && last.canvasY + grid.windowHeight >= grid.canvasHeight)
        for (page, tile) in zip(ChartRenderer.pages(of: layout).dropFirst(), grid.tiles) {
            let texts = page.elements.compactMap { element -> String? in
                if case let .text(text) = element { return text.text }
                return nil
            }
            #expect(texts.contains { $0.hasPrefix("Sheet \(tile.label) of \(grid.tiles.count)") })
            #expect(texts.contains("mm — 100 mm ruler"))
        }
    }

    @Test("--layout rows puts a row (or a few small ones) on each sheet, centred, and refuses rows wider than the paper")
    func rowsLayout() throws {
        let layout = try ChartLayout(spec: Self.spec("3m", paper: .a3, arrangement: .rows))
        #expect(layout.tiling == nil)
        #expect(layout.pages.flatMap(\.rows).count == 14)
        #expect(layout.pages.count >= 5)
        #expect(layout.pages[0].rows.count == 1)
        for page in layout.pages {
            for placed in page.rows { #expect(abs(placed.left + placed.row.width.value / 2 - layout.pageWidth.value / 2) < 1e-9) }
        }
    }

    @Test("rows are centred, one width apart, and the gap below a row is the next row's height")
    func etdrsSpacing() throws {
        for spec in [try Self.spec("40cm"), try Self.spec("4m", .landoltC, paper: .a1), try Self.spec("20ft", paper: .a0),
                     try Self.spec("20ft", paper: .a4)] {
            let layout = try ChartLayout(spec: spec)
            let width = layout.tiling?.canvasWidth ?? layout.pageWidth.value
            for page in layout.pages {
                for placed in page.rows {
                    #expect(abs(placed.left + placed.row.width.value / 2 - width / 2) < 1e-9)
                }
                for (row, next) in zip(page.rows, page.rows.dropFirst()) {
                    #expect(abs(next.top - row.bottom - next.row.height.value) < 1e-9)
                }
            }
        }
    }

    @Test("a row per sheet that is wider than the paper is refused, naming a real paper and the real smallest row")
    func tooWide() throws {
        let spec = try Self.spec("20ft", paper: .a4, arrangement: .rows)
        do {
            _ = try ChartLayout(spec: spec)
            Issue.record("a 20 ft row +1.0 cannot fit A4")
        } catch {
            guard case let .rowTooLarge(row, _, paper, suggestedPaper, suggestedRows, smallest) = error else {
                Issue.record("unexpected \(error)"); return
            }
            #expect(row.tenths == 10)
            #expect(paper == .a4)
            #expect(suggestedPaper == .a1)
            #expect(suggestedRows?.tenths == 5)
            #expect(smallest.tenths == -3)
            #expect(error.description.contains("--paper a1 (A1)"))
            #expect(error.description.contains("--rows +0.5..-0.3"))
            #expect(!error.description.contains("<"))
            #expect(error.description.contains("never shrunk"))
        }
        // The suggestions work, and without --layout rows the chart is tiled instead.
        #expect(try ChartLayout(spec: Self.spec("20ft", paper: .a1, arrangement: .rows)).pages.count >= 1)
        #expect(try ChartLayout(spec: Self.spec("20ft", paper: .a4, rows: "+0.5..-0.3", arrangement: .rows)).pages.count >= 1)
        #expect(try ChartLayout(spec: Self.spec("20ft", paper: .a4)).tiling != nil)
    }

    @Test("rows with strokes under four printer dots are named, with a suggestion; the limit follows --printer-dpi")
    func thinStrokeWarning() throws {
        // 600 dpi: 4 dots = 0.169 mm, so at 40 cm rows +0.1 (stroke 0.146 mm) down to -0.3 are named.
        let layout = try ChartLayout(spec: Self.spec("40cm"))
        #expect(layout.warnings.count == 1)
        #expect(layout.warnings.first?.contains("rows logMAR +0.1 to -0.3") == true)
        #expect(layout.warnings.first?.contains("600 dpi") == true)
        #expect(layout.warnings.first?.contains("--printer-dpi 1200") == true)
        #expect(layout.warnings.first?.contains("--rows +1.0..+0.2") == true)
        let fine = try ChartLayout(spec: Self.spec("40cm", dpi: 1200))
        #expect(fine.warnings.first?.contains("rows logMAR -0.2 to -0.3") == true)
        #expect(fine.warnings.first?.contains("--printer-dpi 1200") == false)
        #expect(try ChartLayout(spec: Self.spec("40cm", rows: "+1.0..+0.2")).warnings.isEmpty)
        #expect(try ChartLayout(spec: Self.spec("3m", paper: .a3)).warnings.isEmpty)
    }

    @Test("everything stays 10 mm from the paper edge, on every sheet, at every scale",
          arguments: [("40cm", Paper.a4, 1.0), ("40cm", .letter, 1.05), ("3m", .a3, 0.95), ("4m", .a2, 1.0), ("20ft", .a0, 1.03),
                      ("16in", .tabloid, 1.0), ("3m", .a4, 1.0), ("20ft", .letter, 1.05)])
    func margins(distance: String, paper: Paper, scale: Double) throws {
        let layout = try ChartLayout(spec: Self.spec(distance, .landoltC, paper: paper, scale: scale))
        for page in ChartRenderer.pages(of: layout) {
            for element in page.elements {
                let box: PathBounds
                switch element {
                case .fill, .stroke, .clipped:
                    box = try #require(ChartPage.bounds(of: element))
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
