import Optotypes

/// One row placed on a sheet.
public struct PlacedRow: Sendable, Equatable {
    /// The row (unscaled sizes).
    public let row: ChartRow
    /// Left edge of the first optotype cell (layout mm).
    public let left: Double
    /// Top edge of the row (layout mm).
    public let top: Double
    /// The row's label.
    public let label: RowLabel

    /// Bottom edge of the row (layout mm).
    public var bottom: Double { top + row.height.value }
}

/// One sheet of a chart.
public struct PageLayout: Sendable, Equatable {
    /// 0-based sheet number.
    public let index: Int
    /// Number of sheets in the chart.
    public let count: Int
    /// The rows on this sheet, largest first.
    public let rows: [PlacedRow]

    /// The tallest optotype on this sheet (unscaled).
    public var largestRow: ChartRow? { rows.first?.row }

    init(index: Int, count: Int, placed: [(ChartRow, Double)], geometry g: PageGeometry, distance: ViewingDistance) {
        self.index = index
        self.count = count
        let texts = placed.map { RowLabel.text(for: $0.0, distance: distance) }
        let widths = texts.map { TextMetrics.width(of: $0, size: ChartLayout.labelSize) }
        // A row is labelled on its right when the label fits beside the row; otherwise above it.
        let isSide = placed.indices.map { index in
            g.centreX + placed[index].0.width.value / 2 + ChartLayout.labelGap + widths[index] <= g.width - g.margin
        }
        let sideHalfWidth = placed.indices.filter { isSide[$0] }.map { placed[$0].0.width.value / 2 }.max() ?? 0
        let column = g.centreX + sideHalfWidth + ChartLayout.labelGap
        // Side labels may not rise beside the wider rows labelled above.
        let floor = placed.indices.filter { !isSide[$0] }.map { placed[$0].1 + placed[$0].0.height.value }.max() ?? g.areaTop
        let ideals = placed.indices.filter { isSide[$0] }.map { placed[$0].1 + placed[$0].0.height.value / 2 }
        let centres = LabelStacker.stack(ideals: ideals, pitch: ChartLayout.labelPitch, lower: floor + ChartLayout.labelPitch / 2,
                                         upper: g.areaBottom - ChartLayout.labelPitch / 2)
        let capHalf = 0.36 * ChartLayout.labelSize * TextMetrics.pointsToMillimetres
        var sideIndex = 0
        var rows: [PlacedRow] = []
        for (index, (row, top)) in placed.enumerated() {
            let left = g.centreX - row.width.value / 2
            let label: RowLabel
            if isSide[index] {
                let ideal = ideals[sideIndex], centre = centres[sideIndex]
                sideIndex += 1
                let leader = abs(centre - ideal) > 0.2 ? [PathPoint(column - 3.2, ideal), PathPoint(column - 0.6, centre)] : nil
                label = RowLabel(text: texts[index], x: column, baseline: centre + capHalf, leader: leader)
            } else {
                label = RowLabel(text: texts[index], x: left, baseline: top - 1.2, leader: nil)
            }
            rows.append(PlacedRow(row: row, left: left, top: top, label: label))
        }
        self.rows = rows
    }
}
