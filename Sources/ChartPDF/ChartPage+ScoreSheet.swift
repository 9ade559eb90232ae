import Optotypes

extension ChartPage {
    /// A recording form for the chart's sequence: fields for eye, distance, date and examiner; one line per row with
    /// its logMAR and Snellen values and each optotype with a box to tick; the letter-by-letter formula (SPEC §7.2).
    init(scoreSheetOf layout: ChartLayout) {
        let spec = layout.spec
        let paper = spec.paper
        let width = paper.width.value, height = paper.height.value
        let m = PageGeometry.margin
        var elements: [PageElement] = []
        elements.append(.text(PageText("Score sheet — \(spec.distance) \(spec.optotype) chart \(spec.chartID)", x: m, baseline: m + 5, size: 13, isBold: true)))
        elements.append(.text(PageText(
            "Tick each optotype read correctly, row by row from the top; stop when a row has most wrong. Rows \(spec.rows.largest) to \(spec.rows.smallest), seed \(spec.seed).",
            x: m, baseline: m + 10, size: 7.5)))
        // Fields, each a label and a line to write on.
        var lines = GlyphPath()
        let fields: [(String, Double, Double)] = [
            ("Patient", m, m + 18), ("Eye:  R  /  L  /  both", m + 95, m + 18),
            ("Distance used", m, m + 26), ("Date", m + 95, m + 26),
            ("Examiner", m, m + 34), ("Correction", m + 95, m + 34),
        ]
        for (label, x, y) in fields {
            elements.append(.text(PageText(label, x: x, baseline: y, size: 8, isBold: true)))
            let start = x + TextMetrics.width(of: label, size: 8, bold: true) + 2
            lines.commands += [.move(to: PathPoint(start, y + 0.8)), .line(to: PathPoint(min(x + 90, width - m - 0.1), y + 0.8))]
        }
        // The rows.
        let rows = spec.chartRows
        let tableTop = m + 44, formulaHeight = 34.0
        let pitch = min(12, (height - m - formulaHeight - tableTop) / Double(max(rows.count, 1)))
        let box = min(4.5, pitch * 0.5)
        let columns = (label: m, first: m + 52, step: min(20, (width - 2 * m - 52 - 28) / 5), count: width - m - 22)
        elements.append(.text(PageText("logMAR · Snellen 20/x · 6/x", x: columns.label, baseline: tableTop - 2, size: 7, isBold: true)))
        elements.append(.text(PageText("correct", x: columns.count, baseline: tableTop - 2, size: 7, isBold: true)))
        var boxes = GlyphPath()
        // The optotypes' names, in one size small enough that the longest ends before the next column: a
        // Landolt C or Tumbling E is named by its direction ("C down-right"), which at 9 pt ran into the
        // next box.
        let room = columns.step - box - 4
        let longest = rows.flatMap(\.optotypes).map { TextMetrics.width(of: $0.description, size: 9, bold: true) }.max() ?? 0
        let nameSize = min(9, 9 * room / max(longest, 0.1))
        for (index, row) in rows.enumerated() {
            let baseline = tableTop + (Double(index) + 0.65) * pitch
            let text = [row.step.description, AcuityNotation.snellenFeetLabel(row.step), AcuityNotation.snellenMetresLabel(row.step)].joined(separator: " · ")
            elements.append(.text(PageText(text, x: columns.label, baseline: baseline, size: 8)))
            for (slot, optotype) in row.optotypes.enumerated() {
                let x = columns.first + Double(slot) * columns.step
                boxes.addRectangle(x: x, y: baseline - box * 0.85, width: box, height: box)
                elements.append(.text(PageText(optotype.description, x: x + box + 1, baseline: baseline, size: nameSize, isBold: true)))
            }
            elements.append(.text(PageText("___ / \(row.optotypes.count)", x: columns.count, baseline: baseline, size: 8)))
            lines.commands += [.move(to: PathPoint(m + 0.1, tableTop + Double(index + 1) * pitch)), .line(to: PathPoint(width - m - 0.1, tableTop + Double(index + 1) * pitch))]
        }
        elements.append(.stroke(boxes, width: 0.25))
        elements.append(.stroke(lines, width: 0.15))
        // The formula.
        let formulaTop = tableTop + Double(rows.count) * pitch + 6
        let perLetter = DecimalText.trimmed(0.1 / 5, places: 3)
        let formula = [
            "Letter by letter (each row covers 0.1 logMAR; each optotype read is worth 0.1 / 5 = \(perLetter)):",
            "logMAR = L0 + 0.1 - \(perLetter) × (optotypes read from the largest row tested, L0, down)    (rows above L0 count as read)",
            "Line score: the smallest row with 3 or more of 5 correct.    ETDRS letters = 85 - 50 × logMAR (rounded half up).",
            "Tested at a distance other than \(spec.distance)? Add log10(\(DecimalText.trimmed(spec.distance.millimetres.value / 1000, places: 3)) m ÷ distance used in m).",
            "logMAR = ________    Snellen 20/____    ETDRS letters = ____    Line score = ____",
        ]
        for (index, line) in formula.enumerated() {
            elements.append(.text(PageText(line, x: m, baseline: formulaTop + Double(index) * 5, size: index == formula.count - 1 ? 9 : 7.5,
                                           isBold: index == 0 || index == formula.count - 1)))
        }
        self.init(width: width, height: height, scale: 1, elements: elements)
    }
}
