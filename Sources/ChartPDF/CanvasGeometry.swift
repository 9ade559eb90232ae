import Optotypes

/// The assembled chart of a tiled layout, in layout millimetres (y down): the header once at the top, the
/// rows centred below it with their labels on the right, the footer (instructions and the ID-1 card) once
/// at the bottom. Nothing ever comes between two rows.
struct CanvasGeometry: Sendable, Equatable {
    static let headerHeight = 18.0
    static let footerLines = 7
    static let footerHeight = 4 + Double(footerLines) * 3.1 + 4 + PageGeometry.card.height + 1

    let width: Double
    let height: Double
    let firstRowTop: Double
    let footerTop: Double

    init(rows: [ChartRow], distance: ViewingDistance, sheet: PageGeometry) {
        let labelWidth = rows.map { TextMetrics.width(of: RowLabel.text(for: $0, distance: distance), size: ChartLayout.labelSize) }.max() ?? 0
        let widest = rows.map { $0.width.value + 2 * (ChartLayout.labelGap + labelWidth + 1) }.max() ?? 0
        width = max(widest, min(190, sheet.usableWidth))
        firstRowTop = Self.headerHeight + PageGeometry.labelBand
        var bottom = firstRowTop
        for (index, row) in rows.enumerated() {
            bottom += (index == 0 ? 0 : row.height.value) + row.height.value
        }
        footerTop = bottom + max(8, rows.last?.height.value ?? 0)
        height = footerTop + Self.footerHeight
    }

    var centreX: Double { width / 2 }

    /// Rows top to bottom: the gap below a row is the next row's height.
    func place(_ rows: [ChartRow]) -> [(ChartRow, Double)] {
        var top = firstRowTop
        var placed: [(ChartRow, Double)] = []
        for (index, row) in rows.enumerated() {
            if index > 0 { top += row.height.value }
            placed.append((row, top))
            top += row.height.value
        }
        return placed
    }
}

extension PageLayout {
    /// The rows of a tiled chart on its canvas, each labelled on its right at its mid-height.
    init(canvasRows placed: [(ChartRow, Double)], canvas: CanvasGeometry, distance: ViewingDistance) {
        index = 0
        count = 1
        let capHalf = 0.36 * ChartLayout.labelSize * TextMetrics.pointsToMillimetres
        rows = placed.map { row, top in
            let left = canvas.centreX - row.width.value / 2
            let label = RowLabel(text: RowLabel.text(for: row, distance: distance), x: left + row.width.value + ChartLayout.labelGap,
                                 baseline: top + row.height.value / 2 + capHalf, leader: nil)
            return PlacedRow(row: row, left: left, top: top, label: label)
        }
    }
}
