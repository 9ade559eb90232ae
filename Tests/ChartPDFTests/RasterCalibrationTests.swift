import Foundation
import Testing
@testable import ChartPDF
import Optotypes
import TestSupport

/// The `pdftoppm` executable on PATH, or `nil` (the raster suite is then skipped with a message).
let pdftoppmPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") + ["/usr/bin"] {
        let candidate = "\(folder)/pdftoppm"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

@Suite("Raster calibration (pdftoppm)", .enabled(if: pdftoppmPath != nil, "pdftoppm (poppler-utils) is not installed; skipping"))
/// Prints charts to pixels with poppler's `pdftoppm` and measures every row like a ruler would: each row is
/// rasterised on its own at a resolution that gives it about 300 pixels of height (up to 30,000 dpi for the
/// smallest near rows), and a row of a tiled chart is re-assembled from the tiles it crosses. Heights, spacing,
/// strokes, gaps and the gap to the next row must be within 1 % (or 1.5 pixels).
struct RasterCalibrationTests {
    struct Measurement {
        var maxHeightError = 0.0
        var maxSpacingError = 0.0
        var maxStrokeError = 0.0
        var maxGapError = 0.0
        var rowsMeasured = 0
    }

    /// One row's ink, in paper millimetres of the assembled chart.
    struct RowInk {
        var components: [PGMImage.Component]
        var pixel: Double
        var originX: Double, originY: Double
        var image: PGMImage
        var top: Double { originY + Double(components.map(\.minY).min() ?? 0) * pixel }
        var bottom: Double { originY + Double((components.map(\.maxY).max() ?? 0) + 1) * pixel }
    }

    @Test("40 cm Sloan chart 1 on A4 (one sheet): every row +1.0…−0.3")
    func nearSloan() throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: "40cm"), optotype: .sloan, sequence: .chart1, seed: 1, paper: .a4)
        let result = try measure(spec: spec, checksWidth: false)
        #expect(result.rowsMeasured == 14)
        report("40cm sloan A4", result)
    }

    @Test("3 m Tumbling E on A3 (tiled): every row", arguments: [Paper.a3])
    func distanceTumblingE(paper: Paper) throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: "3m"), optotype: .tumblingE, sequence: .chart1, seed: 1, paper: paper)
        let result = try measure(spec: spec, checksWidth: true)
        #expect(result.rowsMeasured == 14)
        report("3m tumbling-e \(paper)", result)
    }

    @Test("3 m, 4 m and 20 ft Sloan charts tiled on A4 and Letter re-assemble into rows within 1 %",
          arguments: ["3m", "4m", "20ft"], [Paper.a4, .letter])
    func tiledSloan(distance: String, paper: Paper) throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: distance), optotype: .sloan, sequence: .chart1, seed: 1, paper: paper)
        #expect(try ChartLayout(spec: spec).tiling != nil)
        let result = try measure(spec: spec, checksWidth: false)
        #expect(result.rowsMeasured == 14)
        report("\(distance) sloan \(paper) tiled", result)
    }

    /// The 100 mm ruler a clinic checks the print scale with, on a one-sheet chart and on a sheet of a
    /// tiled one, printed at 1,200 dpi: 101 ticks 0.15 mm wide, each centred on its millimetre, the
    /// first and last 100 mm apart, within a pixel and a half (0.03 mm).
    @Test("every sheet's 100 mm ruler measures 100 mm", arguments: [("40cm", 1), ("20ft", 2)])
    func rulerMeasures100mm(distance: String, page: Int) throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: distance), optotype: .sloan, sequence: .chart1, seed: 1, paper: .a4)
        let layout = try ChartLayout(spec: spec)
        let g = layout.geometry
        // Where the page puts its ruler (ChartPage+Building, ChartPage+Tiling); its ticks go down from `y`.
        let (x, y) = if let grid = layout.tiling { (g.margin + 2, grid.windowY + grid.windowHeight + 4 + 2.5) } else { (g.horizontalRulerX, g.horizontalRulerY) }
        #expect((layout.tiling != nil) == (page == 2))
        let folder = try TemporaryFolder.make("ruler")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("chart.pdf")
        try Data(try ChartRenderer.render(layout, format: .pdf).data).write(to: pdf)
        let dpi = 1200.0, pixel = 25.4 / dpi, left = x - 0.5
        // A band across every tick below the baseline, so each tick is a component of its own.
        let image = try rasterise(pdf: pdf, page: page, x: left, y: y + 0.3, width: 101, height: 1, dpi: dpi, folder: folder)
        let ticks = image.components().sorted { $0.minX < $1.minX }
        try #require(ticks.count == 101, "\(ticks.count) ticks")
        let centres = ticks.map { left + (Double($0.minX + $0.maxX + 1) / 2) * pixel }
        for (millimetre, (tick, centre)) in zip(ticks, centres).enumerated() {
            #expect(abs(centre - (x + Double(millimetre))) <= 1.5 * pixel, "tick \(millimetre) at \(centre - x) mm")
            #expect(abs(Double(tick.width) * pixel - 0.15) <= 1.5 * pixel, "tick \(millimetre) \(Double(tick.width) * pixel) mm wide")
        }
        #expect(abs(centres[100] - centres[0] - 100) <= 1.5 * pixel)
    }

    func report(_ name: String, _ m: Measurement) {
        print("raster \(name): \(m.rowsMeasured) rows, max height error \(String(format: "%.3f", m.maxHeightError * 100)) %, spacing \(String(format: "%.3f", m.maxSpacingError * 100)) %, stroke \(String(format: "%.3f", m.maxStrokeError * 100)) %, gaps \(String(format: "%.3f", m.maxGapError * 100)) %")
    }

    /// Rasterises a region given in paper millimetres of `page` (1-based) at `dpi`.
    func rasterise(pdf: URL, page: Int, x: Double, y: Double, width: Double, height: Double, dpi: Double, folder: URL) throws -> PGMImage {
        let tool = try #require(pdftoppmPath)
        let pixel = 25.4 / dpi
        let prefix = folder.appendingPathComponent("crop-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-r", DecimalText.fixed(dpi, places: 3), "-gray", "-f", "\(page)", "-l", "\(page)",
                             "-x", "\(Int((x / pixel).rounded()))", "-y", "\(Int((y / pixel).rounded()))",
                             "-W", "\(max(1, Int((width / pixel).rounded())))", "-H", "\(max(1, Int((height / pixel).rounded())))",
                             "-singlefile", pdf.path, prefix.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        defer { try? FileManager.default.removeItem(at: prefix.appendingPathExtension("pgm")) }
        return try PGMImage(contentsOf: prefix.appendingPathExtension("pgm"))
    }

    func measure(spec: ChartSpec, checksWidth: Bool) throws -> Measurement {
        let folder = try TemporaryFolder.make("raster")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("chart.pdf")
        let layout = try ChartLayout(spec: spec)
        try Data(try ChartRenderer.render(layout, format: .pdf).data).write(to: pdf)
        let s = spec.scale
        var measurement = Measurement()
        // Rows in paper millimetres of the assembled chart (the canvas of a tiled chart, else the sheet), with their sheet.
        var placedRows: [(PlacedRow, Int)] = []
        for page in layout.pages { placedRows += page.rows.map { ($0, page.index + 1) } }
        var inks: [RowInk] = []
        for (index, (placed, pageNumber)) in placedRows.enumerated() {
            let h = placed.row.height.value * s
            let dpi = min(30000, max(72, 300 / h * 25.4))
            let pixel = 25.4 / dpi
            // The row alone, with half a row (at most 1 mm) around it: clear of its label and its neighbours.
            let pad = min(1, h / 2)
            let x0 = placed.left * s - pad, y0 = placed.top * s - pad
            let width = placed.row.width.value * s + 2 * pad, height = h + 2 * pad
            let image: PGMImage
            if let grid = layout.tiling {
                // Re-assemble the row from every tile whose window it crosses.
                let columns = Int((width / pixel).rounded()), rows = Int((height / pixel).rounded())
                var pixels = [UInt8](repeating: 255, count: columns * rows)
                // As assembled: each tile shows its window up to where the next tile's trimmed edge lies on it.
                let step = (x: grid.windowWidth - TileGrid.overlap, y: grid.windowHeight - TileGrid.overlap)
                for (tileIndex, tile) in grid.tiles.enumerated() {
                    let visibleRight = tile.column == grid.columns - 1 ? tile.canvasX + grid.windowWidth : tile.canvasX + step.x
                    let visibleBottom = tile.row == grid.rows - 1 ? tile.canvasY + grid.windowHeight : tile.canvasY + step.y
                    let left = max(x0, tile.canvasX * s), right = min(x0 + width, visibleRight * s)
                    let top = max(y0, tile.canvasY * s), bottom = min(y0 + height, visibleBottom * s)
                    guard right - left > pixel, bottom - top > pixel else { continue }
                    let dx = (grid.windowX - tile.canvasX) * s, dy = (grid.windowY - tile.canvasY) * s
                    let piece = try rasterise(pdf: pdf, page: tileIndex + 2, x: left + dx, y: top + dy, width: right - left,
                                              height: bottom - top, dpi: dpi, folder: folder)
                    let offsetX = Int(((left - x0) / pixel).rounded()), offsetY = Int(((top - y0) / pixel).rounded())
                    for py in 0..<piece.height where py + offsetY < rows {
                        for px in 0..<piece.width where px + offsetX < columns {
                            pixels[(py + offsetY) * columns + px + offsetX] = piece.pixels[py * piece.width + px]
                        }
                    }
                }
                image = PGMImage(width: columns, height: rows, pixels: pixels)
            } else {
                image = try rasterise(pdf: pdf, page: pageNumber, x: x0, y: y0, width: width, height: height, dpi: dpi, folder: folder)
            }
            let components = image.components()
                .filter { Double($0.height) >= 0.6 * h / pixel }
                .filter { $0.minX > 0 && $0.minY > 0 && $0.maxX < image.width - 1 && $0.maxY < image.height - 1 }
                .sorted { $0.minX < $1.minX }
            let tolerance = max(0.01 * h, 1.5 * pixel)
            #expect(components.count == 5, "row \(placed.row.step): \(components.count) optotypes")
            for component in components {
                let height = Double(component.height) * pixel
                #expect(abs(height - h) <= tolerance, "row \(placed.row.step): height \(height) mm, expected \(h) mm")
                measurement.maxHeightError = max(measurement.maxHeightError, abs(height - h) / h)
                if checksWidth {
                    #expect(abs(Double(component.width) * pixel - h) <= tolerance, "row \(placed.row.step): width")
                }
            }
            // Left edges (every optotype here touches its cell's left side) are two widths apart; between a straight right
            // side (D H N Z, any E) and a straight left side (D H K N R Z, any E) the gap is one width.
            func straight(_ optotype: Optotype, right: Bool) -> Bool {
                guard case let .letter(letter) = optotype else { return true }
                return (right ? [SloanLetter.d, .h, .n, .z] : [.d, .h, .k, .n, .r, .z]).contains(letter)
            }
            for (offset, (a, b)) in zip(components, components.dropFirst()).enumerated() {
                let spacing = Double(b.minX - a.minX) * pixel
                #expect(abs(spacing - 2 * h) <= tolerance, "row \(placed.row.step): spacing \(spacing) mm, expected \(2 * h) mm")
                measurement.maxSpacingError = max(measurement.maxSpacingError, abs(spacing - 2 * h) / h)
                if components.count == 5, straight(placed.row.optotypes[offset], right: true), straight(placed.row.optotypes[offset + 1], right: false) {
                    let gap = Double(b.minX - a.maxX - 1) * pixel
                    #expect(abs(gap - h) <= tolerance, "row \(placed.row.step): gap \(gap) mm between optotypes, expected \(h) mm")
                    measurement.maxGapError = max(measurement.maxGapError, abs(gap - h) / h)
                }
            }
            // Strokes: the top stroke of C, D, O, R, S, Z at mid-width, and C's gap, are h/5.
            let stroke = h / 5, strokeTolerance = max(0.01 * stroke, 1.5 * pixel)
            for (component, optotype) in zip(components, placed.row.optotypes) where components.count == 5 {
                guard case let .letter(letter) = optotype else { continue }
                if [.c, .d, .o, .r, .s, .z].contains(letter) {
                    let column = component.minX + component.width / 2
                    var start = component.minY
                    while start < component.maxY, image.pixels[start * image.width + column] >= 128 { start += 1 }
                    let run = image.inkRun(column: column, from: start)
                    let width = Double(run) * pixel
                    #expect(abs(width - stroke) <= strokeTolerance, "row \(placed.row.step) \(letter): top stroke \(width) mm, expected \(stroke) mm")
                    measurement.maxStrokeError = max(measurement.maxStrokeError, abs(width - stroke) / stroke)
                }
                if letter == .c {
                    // Down the column at 95 % of the cell: ink, the gap (exactly h/5 between parallel sides), ink.
                    let column = component.minX + Int(0.95 * h / pixel)
                    let gap = Double(image.whiteRun(column: column, around: component.minY + component.height / 2)) * pixel
                    #expect(abs(gap - stroke) <= strokeTolerance, "row \(placed.row.step) C: gap \(gap) mm, expected \(stroke) mm")
                    measurement.maxGapError = max(measurement.maxGapError, abs(gap - stroke) / stroke)
                }
            }
            inks.append(RowInk(components: components, pixel: pixel, originX: x0, originY: y0, image: image))
            // The gap above this row is its own height (rows of the same sheet, or of the assembled chart).
            if index > 0, placedRows[index - 1].1 == pageNumber, let previous = inks.dropLast().last,
               !previous.components.isEmpty, !components.isEmpty {
                let gap = inks[index].top - previous.bottom
                #expect(abs(gap - h) <= max(0.01 * h, 1.5 * max(pixel, previous.pixel)),
                        "gap above row \(placed.row.step): \(gap) mm, expected \(h) mm")
                measurement.maxGapError = max(measurement.maxGapError, abs(gap - h) / h)
            }
            measurement.rowsMeasured += 1
        }
        return measurement
    }
}
