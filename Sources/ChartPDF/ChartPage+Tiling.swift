import Optotypes

extension ChartPage {
    /// The assembled chart of a tiled layout, in canvas millimetres: header, rows with labels, footer and card.
    static func canvasElements(layout: ChartLayout, canvas: CanvasGeometry, grid: TileGrid) -> [PageElement] {
        let spec = layout.spec
        var elements: [PageElement] = []
        elements.append(.text(PageText("Print at 100 % / actual size — do not fit to page", x: 0, baseline: 5, size: 12, isBold: true)))
        elements.append(.text(PageText(
            "Viewing distance \(spec.distance) · \(spec.optotype) · \(spec.sequence) · \(grid.tiles.count) sheets of \(spec.paper)\(layout.isLandscape ? " landscape" : "") (assembly diagram on the first page)",
            x: 0, baseline: 10, size: 8)))
        if let largest = layout.pages.first?.largestRow {
            let expected = DecimalText.fixed(largest.height.value * spec.scale, places: 2)
            elements.append(.text(PageText(
                "Largest optotype: \(expected) mm high (logMAR \(largest.step)) — measure it to check the print",
                x: 0, baseline: 14.6, size: 8, isBold: true)))
        }
        for placed in layout.pages.first?.rows ?? [] {
            let h = placed.row.height.value
            for (optotype, offset) in zip(placed.row.optotypes, placed.row.cellOffsets) {
                elements.append(.fill(optotype.path(height: h, at: PathPoint(placed.left + offset, placed.top))))
            }
            elements.append(.text(PageText(placed.label.text, x: placed.label.x, baseline: placed.label.baseline, size: ChartLayout.labelSize)))
        }
        for (index, line) in footerLines(spec).enumerated() {
            elements.append(.text(PageText(line, x: 0, baseline: canvas.footerTop + 4 + Double(index) * 3.1, size: 6.5)))
        }
        elements += card(x: 0.1, y: canvas.footerTop + 4 + Double(CanvasGeometry.footerLines) * 3.1 + 2)
        return elements
    }

    /// The first page of a tiled chart: how to assemble it, the assembly diagram, and the calibration furniture.
    init(coverOf layout: ChartLayout, grid: TileGrid) {
        let g = layout.geometry
        let spec = layout.spec
        let m = g.margin
        var elements: [PageElement] = []
        elements.append(.text(PageText("Print at 100 % / actual size — do not fit to page", x: m, baseline: m + 4, size: 12, isBold: true)))
        elements.append(.text(PageText(
            "Viewing distance \(spec.distance) · \(spec.optotype) · \(spec.sequence) · \(spec.paper)\(layout.isLandscape ? " landscape" : "") · chart \(spec.chartID)",
            x: m, baseline: m + 8.6, size: 8)))
        let assembled = "\(DecimalText.fixed(grid.canvasWidth * spec.scale, places: 0)) × \(DecimalText.fixed(grid.canvasHeight * spec.scale, places: 0)) mm"
        let instructions = [
            "This chart is larger than one sheet: it is printed on \(grid.tiles.count) sheets (\(grid.rows) rows A–\(TileGrid.label(row: grid.rows - 1, column: 0).dropLast()) × \(grid.columns) columns) that assemble into one chart of \(assembled).",
            "1. Print every sheet at 100 %. Check each sheet's 100 mm ruler; if it measures L mm, print again with --scale 100/L.",
            "2. Trim each sheet along its dashed edges (left edge, top edge); sheets in the first row and column keep theirs.",
            "3. Lay each trimmed edge on the join marks of its neighbour: neighbours overlap by \(DecimalText.trimmed(TileGrid.overlap, places: 0)) mm and the drawing continues exactly.",
            "4. Tape from the back, row by row, in the order of the diagram. Rows are printed at full size and never scaled.",
        ]
        for (index, line) in instructions.enumerated() {
            elements.append(.text(PageText(line, x: m, baseline: m + 15 + Double(index) * 4, size: 7)))
        }
        // The assembly diagram: the grid of sheets to scale, each labelled, the chart's rows sketched as bars.
        let boxTop = m + 37, boxHeight = g.footerTop - 6 - boxTop, boxWidth = g.usableWidth - 14
        let unit = min(boxWidth / grid.canvasWidth, boxHeight / grid.canvasHeight)
        let originX = m + 12 + (boxWidth - grid.canvasWidth * unit) / 2
        var frames = GlyphPath()
        for tile in grid.tiles {
            let x = originX + tile.canvasX * unit, y = boxTop + tile.canvasY * unit
            let w = min(grid.windowWidth, grid.canvasWidth - tile.canvasX) * unit
            let h = min(grid.windowHeight, grid.canvasHeight - tile.canvasY) * unit
            frames.addPolygon([PathPoint(x, y), PathPoint(x + w, y), PathPoint(x + w, y + h), PathPoint(x, y + h)])
            let size = min(12, max(5, h * 0.15 * 72 / 25.4))
            elements.append(.text(PageText(tile.label, x: x + 1.5, baseline: y + 1.5 + size * 0.3, size: size, isBold: true)))
        }
        elements.append(.stroke(frames, width: 0.25))
        var sketch = GlyphPath()
        for placed in layout.pages.first?.rows ?? [] {
            sketch.addRectangle(x: originX + placed.left * unit, y: boxTop + placed.top * unit,
                                width: placed.row.width.value * unit, height: max(0.2, placed.row.height.value * unit))
        }
        elements.insert(.stroke(sketch, width: 0.15), at: 0)
        elements.append(.text(PageText("Assembly diagram: the sheets as they go together (outlined bars: the rows of optotypes)",
                                       x: m + 12, baseline: boxTop - 2, size: 7, isBold: true)))
        for (index, line) in Self.footerLines(spec).enumerated() {
            elements.append(.text(PageText(line, x: m + 12, baseline: g.footerTop + 4 + Double(index) * 3.1, size: 6.5)))
        }
        elements += Self.horizontalRuler(x: g.horizontalRulerX, y: g.horizontalRulerY)
        elements += Self.verticalRuler(x: g.verticalRulerX, zeroY: g.verticalRulerZeroY)
        elements += Self.card(x: g.cardX, y: g.cardY)
        self.init(width: layout.pageWidth.value, height: layout.pageHeight.value, scale: spec.scale, elements: elements)
    }

    /// One tile: the part of the assembled chart in the sheet's window (clipped), trim and join marks, the sheet's
    /// label and a 100 mm ruler in the strip below the window.
    /// `canvasBounds`, when given, holds ``bounds(of:)`` of each canvas element: an element clearly
    /// outside this sheet's window is then passed over without being moved and measured again.
    init(tile: TileGrid.Tile, of layout: ChartLayout, grid: TileGrid, canvasElements: [PageElement], canvasBounds: [PathBounds?]? = nil) {
        let g = layout.geometry
        let spec = layout.spec
        let dx = grid.windowX - tile.canvasX, dy = grid.windowY - tile.canvasY
        let window = PathBounds(minX: grid.windowX, minY: grid.windowY, maxX: grid.windowX + grid.windowWidth, maxY: grid.windowY + grid.windowHeight)
        var inside: [PageElement] = []
        for (index, element) in canvasElements.enumerated() {
            // A margin far above rounding (moved bounds differ from shifted ones by a few ulps) keeps the
            // choice exactly the one measuring the moved element makes.
            if let box = canvasBounds?[index] ?? nil, box.maxX + dx < window.minX - 1e-6 || box.minX + dx > window.maxX + 1e-6
                || box.maxY + dy < window.minY - 1e-6 || box.minY + dy > window.maxY + 1e-6 { continue }
            guard let moved = Self.translate(element, dx: dx, dy: dy), let box = Self.bounds(of: moved),
                  box.maxX > window.minX, box.minX < window.maxX, box.maxY > window.minY, box.minY < window.maxY else { continue }
            inside.append(moved)
        }
        var elements: [PageElement] = [.clipped(window, inside)]
        // Trim lines (dashed) just outside the window on the edges this sheet is cut along, so nothing is drawn over the
        // chart; join marks, also outside the window, where the neighbour's trimmed edge goes (10 mm in from the edge).
        var dashes = GlyphPath()
        let trim = 0.1
        if tile.column > 0 { Self.dash(&dashes, from: PathPoint(window.minX - trim, window.minY), to: PathPoint(window.minX - trim, window.maxY)) }
        if tile.row > 0 { Self.dash(&dashes, from: PathPoint(window.minX, window.minY - trim), to: PathPoint(window.maxX, window.minY - trim)) }
        if !dashes.commands.isEmpty { elements.append(.stroke(dashes, width: 0.15)) }
        var joins = GlyphPath()
        let joinX = window.minX + grid.windowWidth - TileGrid.overlap, joinY = window.minY + grid.windowHeight - TileGrid.overlap
        if tile.column < grid.columns - 1 {
            joins.commands += [.move(to: PathPoint(joinX, window.maxY + 0.3)), .line(to: PathPoint(joinX, window.maxY + 3))]
        }
        if tile.row < grid.rows - 1 {
            joins.commands += [.move(to: PathPoint(window.maxX + 0.1, joinY)), .line(to: PathPoint(window.maxX + 0.35, joinY)),
                               .move(to: PathPoint(window.minX - 0.35, joinY)), .line(to: PathPoint(window.minX - 0.1, joinY))]
        }
        if !joins.commands.isEmpty { elements.append(.stroke(joins, width: 0.2)) }
        let stripTop = window.maxY + 4
        var neighbours: [String] = []
        if tile.column > 0 { neighbours.append("trim left, lay on \(TileGrid.label(row: tile.row, column: tile.column - 1))") }
        if tile.row > 0 { neighbours.append("trim top, lay on \(TileGrid.label(row: tile.row - 1, column: tile.column))") }
        elements.append(.text(PageText(
            "Sheet \(tile.label) of \(grid.tiles.count) (\(grid.rows) × \(grid.columns)) · \(spec.distance) \(spec.optotype) chart \(spec.chartID) · print at 100 %\(neighbours.isEmpty ? "" : " · " + neighbours.joined(separator: ", "))",
            x: g.margin, baseline: stripTop, size: 7, isBold: true)))
        elements += Self.horizontalRuler(x: g.margin + 2, y: stripTop + 2.5)
        self.init(width: layout.pageWidth.value, height: layout.pageHeight.value, scale: spec.scale, elements: elements)
    }

    private static func dash(_ path: inout GlyphPath, from a: PathPoint, to b: PathPoint) {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        var t = 0.0
        while t < length {
            let end = min(length, t + 2)
            path.commands += [.move(to: PathPoint(a.x + (b.x - a.x) * t / length, a.y + (b.y - a.y) * t / length)),
                              .line(to: PathPoint(a.x + (b.x - a.x) * end / length, a.y + (b.y - a.y) * end / length))]
            t += 4
        }
    }

    static func translate(_ element: PageElement, dx: Double, dy: Double) -> PageElement? {
        switch element {
        case let .fill(path): .fill(path.applying(.translation(dx, dy)))
        case let .stroke(path, width): .stroke(path.applying(.translation(dx, dy)), width: width)
        case let .text(text): .text(PageText(text.text, x: text.x + dx, baseline: text.baseline + dy, size: text.size,
                                             isBold: text.isBold, anchor: text.anchor))
        case .clipped: nil
        }
    }

    /// An element's extent (text estimated from Helvetica's widths, ascent and descent; strokes include half their width).
    static func bounds(of element: PageElement) -> PathBounds? {
        switch element {
        case let .fill(path):
            return path.bounds
        case let .stroke(path, width):
            guard let box = path.bounds else { return nil }
            return PathBounds(minX: box.minX - width / 2, minY: box.minY - width / 2, maxX: box.maxX + width / 2, maxY: box.maxY + width / 2)
        case let .text(text):
            let width = TextMetrics.width(of: text.text, size: text.size, bold: text.isBold)
            let left = text.anchor == .start ? text.x : (text.anchor == .middle ? text.x - width / 2 : text.x - width)
            let em = text.size * 25.4 / 72
            return PathBounds(minX: left, minY: text.baseline - 0.75 * em, maxX: left + width, maxY: text.baseline + 0.22 * em)
        case let .clipped(box, _):
            return box
        }
    }
}
