import Optotypes

extension ChartPage {
    /// Lighting advice printed on every sheet.
    static let lightingAdvice = [
        "Lighting: chart luminance 80–320 cd/m² (a white page under",
        "bright, even room light), no glare, no shadow on the chart.",
    ]

    /// Builds the drawing of sheet `page` of `layout`.
    init(layout: ChartLayout, page: PageLayout) {
        let g = layout.geometry
        let spec = layout.spec
        var elements: [PageElement] = []

        // Optotypes: each glyph is its own filled path so its fill rule applies to it alone.
        for placed in page.rows {
            let h = placed.row.height.value
            for (optotype, offset) in zip(placed.row.optotypes, placed.row.cellOffsets) {
                elements.append(.fill(optotype.path(height: h, at: PathPoint(placed.left + offset, placed.top))))
            }
            if let leader = placed.label.leader {
                var path = GlyphPath()
                path.commands = [.move(to: leader[0]), .line(to: leader[1])]
                elements.append(.stroke(path, width: 0.1))
            }
            elements.append(.text(PageText(placed.label.text, x: placed.label.x, baseline: placed.label.baseline,
                                           size: ChartLayout.labelSize)))
        }

        // Header.
        let m = g.margin
        elements.append(.text(PageText("Print at 100 % / actual size — do not fit to page", x: m, baseline: m + 4, size: 12, isBold: true)))
        let pageNote = page.count > 1 ? " · sheet \(page.index + 1) of \(page.count)" : ""
        elements.append(.text(PageText(
            "Viewing distance \(spec.distance) · \(spec.optotype) · \(spec.sequence) · \(spec.paper)\(layout.isLandscape ? " landscape" : "")\(pageNote)",
            x: m, baseline: m + 8.6, size: 8)))
        if let largest = page.largestRow {
            let expected = DecimalText.fixed(largest.height.value * spec.scale, places: 2)
            elements.append(.text(PageText(
                "Largest optotype on this sheet: \(expected) mm high (logMAR \(largest.step)) — measure it to check the print",
                x: m, baseline: m + 12.8, size: 8, isBold: true)))
        }

        // Footer text, left of the card.
        for (index, line) in Self.footerLines(spec).enumerated() {
            elements.append(.text(PageText(line, x: m + 12, baseline: g.footerTop + 4 + Double(index) * 3.1, size: 6.5)))
        }

        elements += Self.horizontalRuler(x: g.horizontalRulerX, y: g.horizontalRulerY)
        elements += Self.verticalRuler(x: g.verticalRulerX, zeroY: g.verticalRulerZeroY)
        elements += Self.card(x: g.cardX, y: g.cardY)

        self.init(width: layout.pageWidth.value, height: layout.pageHeight.value, scale: spec.scale, elements: elements)
    }

    /// The footer's text: chart id, notation, distance, lighting and how to check the print.
    static func footerLines(_ spec: ChartSpec) -> [String] {
        let scaleText = DecimalText.fixed(spec.scale, places: 3)
        var lines = [
            "Chart \(spec.chartID) · seed \(spec.seed) · scale \(scaleText) · rows \(spec.rows.largest) to \(spec.rows.smallest)",
            "Rows: logMAR · Snellen 20/x · 6/x\(spec.distance.isNear ? " · M-units" : "");  h = 2·d·tan(2.5' × 10^logMAR)",
            "Hold or hang the chart at \(spec.distance) from the eyes.",
        ]
        lines += Self.lightingAdvice
        lines += [
            "Check: both rulers measure 100 mm, a bank card fits the outline.",
            "If the ruler measures L mm, print again with --scale 100/L.",
        ]
        return lines
    }

    private static func tickLength(_ millimetre: Int) -> Double {
        millimetre % 10 == 0 ? 3.5 : (millimetre % 5 == 0 ? 2.5 : 1.5)
    }

    /// A 100 mm ruler: filled ticks (0.15 mm wide, centred on each millimetre) below a baseline.
    static func horizontalRuler(x: Double, y: Double) -> [PageElement] {
        let tick = 0.15
        var ticks = GlyphPath()
        ticks.addRectangle(x: x - tick / 2, y: y - tick, width: 100 + tick, height: tick)
        var elements: [PageElement] = []
        for millimetre in 0...100 {
            let length = tickLength(millimetre)
            ticks.addRectangle(x: x + Double(millimetre) - tick / 2, y: y, width: tick, height: length)
            if millimetre % 10 == 0 {
                elements.append(.text(PageText("\(millimetre)", x: x + Double(millimetre), baseline: y + 3.5 + 2.4, size: 6, anchor: .middle)))
            }
        }
        elements.insert(.fill(ticks), at: 0)
        elements.append(.text(PageText("mm — 100 mm ruler", x: x + 103, baseline: y + 2.4, size: 6)))
        return elements
    }

    /// A 100 mm ruler going up from `zeroY`, ticks to the left of the baseline, labels at the margin.
    static func verticalRuler(x: Double, zeroY: Double) -> [PageElement] {
        let tick = 0.15
        var ticks = GlyphPath()
        ticks.addRectangle(x: x, y: zeroY - 100 - tick / 2, width: tick, height: 100 + tick)
        var elements: [PageElement] = []
        for millimetre in 0...100 {
            let length = tickLength(millimetre)
            let y = zeroY - Double(millimetre)
            ticks.addRectangle(x: x - length, y: y - tick / 2, width: length, height: tick)
            if millimetre % 10 == 0 {
                elements.append(.text(PageText("\(millimetre)", x: x - 9 + 0.3, baseline: y + 0.75, size: 6)))
            }
        }
        elements.insert(.fill(ticks), at: 0)
        return elements
    }

    /// The card outline's line width; the card is placed so that the whole line stays inside the margins.
    static let cardLineWidth = 0.2

    /// The outline of an ID-1 card (85.60 × 53.98 mm, corner radius 3.18 mm) with its label.
    static func card(x: Double, y: Double) -> [PageElement] {
        let (w, h, r) = PageGeometry.card
        var outline = GlyphPath()
        outline.commands.append(.move(to: PathPoint(x + r, y)))
        outline.commands.append(.line(to: PathPoint(x + w - r, y)))
        outline.addArc(centre: PathPoint(x + w - r, y + r), rx: r, ry: r, from: -90, to: 0)
        outline.commands.append(.line(to: PathPoint(x + w, y + h - r)))
        outline.addArc(centre: PathPoint(x + w - r, y + h - r), rx: r, ry: r, from: 0, to: 90)
        outline.commands.append(.line(to: PathPoint(x + r, y + h)))
        outline.addArc(centre: PathPoint(x + r, y + h - r), rx: r, ry: r, from: 90, to: 180)
        outline.commands.append(.line(to: PathPoint(x, y + r)))
        outline.addArc(centre: PathPoint(x + r, y + r), rx: r, ry: r, from: 180, to: 270)
        outline.commands.append(.close)
        return [
            .stroke(outline, width: cardLineWidth),
            .text(PageText("ID-1 card outline 85.60 × 53.98 mm", x: x + w / 2, baseline: y + h / 2 - 1, size: 8, isBold: true, anchor: .middle)),
            .text(PageText("a bank or ID card must fit it exactly", x: x + w / 2, baseline: y + h / 2 + 3, size: 7, anchor: .middle)),
        ]
    }
}
