import Foundation
import Testing
@testable import ChartPDF
import Optotypes

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
/// Prints charts to pixels with poppler's `pdftoppm` and measures the optotypes like a ruler would.
struct RasterCalibrationTests {
    struct Measurement {
        var maxHeightError = 0.0
        var maxSpacingError = 0.0
        var maxGapError = 0.0
        var rowsMeasured = 0
    }

    @Test("40 cm Sloan chart 1 on A4 at 1000 dpi: rows +1.0…0.0")
    func nearSloan() throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: "40cm"), optotype: .sloan, sequence: .chart1, seed: 1, paper: .a4)
        let result = try measure(spec: spec, dpi: 1000, checksWidth: false)
        #expect(result.rowsMeasured == 11)
        print("raster 40cm sloan A4: max height error \(String(format: "%.3f", result.maxHeightError * 100)) %, spacing \(String(format: "%.4f", result.maxSpacingError)) mm, gap \(String(format: "%.4f", result.maxGapError)) mm")
    }

    @Test("3 m Tumbling E chart on A3 at 1000 dpi: rows +1.0…0.0")
    func distanceTumblingE() throws {
        let spec = try ChartSpec(distance: ViewingDistance(parsing: "3m"), optotype: .tumblingE, sequence: .chart1, seed: 1, paper: .a3)
        let result = try measure(spec: spec, dpi: 1000, checksWidth: true)
        #expect(result.rowsMeasured == 11)
        print("raster 3m tumbling-e A3: max height error \(String(format: "%.3f", result.maxHeightError * 100)) %, spacing \(String(format: "%.4f", result.maxSpacingError)) mm, gap \(String(format: "%.4f", result.maxGapError)) mm")
    }

    /// Renders `spec`, rasterises the rows logMAR ≥ 0 of each sheet (cropped), and checks heights, spacing and gaps
    /// against the formula: within 1 % of h or 1.5 px, whichever is larger.
    func measure(spec: ChartSpec, dpi: Double, checksWidth: Bool) throws -> Measurement {
        let tool = try #require(pdftoppmPath)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("chart.pdf")
        let layout = try ChartLayout(spec: spec)
        try Data(try ChartRenderer.render(layout, format: .pdf).data).write(to: pdf)

        let pixel = 25.4 / dpi
        var measurement = Measurement()
        for page in layout.pages {
            let rows = page.rows.filter { $0.row.step.tenths >= 0 }
            guard let first = rows.first, let last = rows.last else { continue }
            // Crop: the widest row plus 1 mm each side; from above the first row to halfway into the gap below the last.
            let widest = rows.map(\.row.width.value).max() ?? 0
            let left = layout.pageWidth.value / 2 - widest / 2 - 1
            let top = first.top - 1
            let nextHeight = page.rows.first { $0.row.step.tenths == last.row.step.tenths - 1 }?.row.height.value ?? 1
            let bottom = last.bottom + nextHeight / 2
            let crop = (x: Int(left / pixel), y: Int(top / pixel), w: Int((widest + 2) / pixel) + 1, h: Int((bottom - top) / pixel) + 1)
            let prefix = folder.appendingPathComponent("page\(page.index + 1)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-r", "\(Int(dpi))", "-gray", "-f", "\(page.index + 1)", "-l", "\(page.index + 1)",
                                 "-x", "\(crop.x)", "-y", "\(crop.y)", "-W", "\(crop.w)", "-H", "\(crop.h)", "-singlefile",
                                 pdf.path, prefix.path]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            let image = try PGMImage(contentsOf: prefix.appendingPathExtension("pgm"))
            let smallest = last.row.height.value / pixel
            // Optotypes only: drop text (label lines above wide rows), specks, and anything cut by the crop (rulers).
            let components = image.components()
                .filter { Double($0.height) >= 0.6 * smallest }
                .filter { $0.minX > 0 && $0.minY > 0 && $0.maxX < image.width - 1 && $0.maxY < image.height - 1 }
                .sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
            // Group into rows by vertical overlap.
            var groups: [[PGMImage.Component]] = []
            for component in components {
                if let lastGroup = groups.last, let maxY = lastGroup.map(\.maxY).max(), component.minY <= maxY {
                    groups[groups.count - 1].append(component)
                } else {
                    groups.append([component])
                }
            }
            try #require(groups.count == rows.count, "sheet \(page.index + 1): \(groups.count) ink rows for \(rows.count) chart rows")
            for (index, (group, placed)) in zip(groups, rows).enumerated() {
                let h = OptotypeSize.height(placed.row.step, at: spec.distance).value * spec.scale
                let tolerance = max(0.01 * h, 1.5 * pixel)
                let ordered = group.sorted { $0.minX < $1.minX }
                #expect(ordered.count == 5, "row \(placed.row.step): \(ordered.count) optotypes")
                for component in ordered {
                    let height = Double(component.height) * pixel
                    #expect(abs(height - h) <= tolerance, "row \(placed.row.step): height \(height) mm, expected \(h) mm")
                    measurement.maxHeightError = max(measurement.maxHeightError, abs(height - h) / h)
                    if checksWidth {
                        #expect(abs(Double(component.width) * pixel - h) <= tolerance, "row \(placed.row.step): width")
                    }
                }
                // Left edges (every optotype used here touches its cell's left side) are two widths apart.
                for (a, b) in zip(ordered, ordered.dropFirst()) {
                    let spacing = Double(b.minX - a.minX) * pixel
                    #expect(abs(spacing - 2 * h) <= tolerance, "row \(placed.row.step): spacing \(spacing) mm, expected \(2 * h) mm")
                    measurement.maxSpacingError = max(measurement.maxSpacingError, abs(spacing - 2 * h))
                }
                // The gap to the next row on this sheet is the next row's height.
                if index + 1 < groups.count {
                    let next = OptotypeSize.height(rows[index + 1].row.step, at: spec.distance).value * spec.scale
                    let gap = Double((groups[index + 1].map(\.minY).min() ?? 0) - (group.map(\.maxY).max() ?? 0) - 1) * pixel
                    #expect(abs(gap - next) <= max(0.01 * next, 1.5 * pixel), "gap below row \(placed.row.step): \(gap) mm, expected \(next) mm")
                    measurement.maxGapError = max(measurement.maxGapError, abs(gap - next))
                }
                measurement.rowsMeasured += 1
            }
        }
        return measurement
    }
}
