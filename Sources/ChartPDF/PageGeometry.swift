import Optotypes

/// Fixed places on a sheet, in layout millimetres (y down). Layout millimetres are page millimetres
/// divided by the print scale, so a scaled page keeps its real 10 mm margins while every drawn size
/// (optotypes, rulers, card, text) is multiplied by the scale.
struct PageGeometry: Sendable, Equatable {
    static let margin = 10.0
    static let headerHeight = 15.0
    static let footerHeight = 64.0
    static let labelBand = 4.0
    static let verticalRulerStrip = 10.5
    static let verticalRulerLength = 100.0
    static let card = (width: 85.60, height: 53.98, cornerRadius: 3.18)

    /// Layout width and height.
    let width: Double
    let height: Double
    /// Margin in layout units (10 mm on paper).
    let margin: Double

    init(paperWidth: Double, paperHeight: Double, scale: Double) {
        width = paperWidth / scale
        height = paperHeight / scale
        margin = Self.margin / scale
    }

    var centreX: Double { width / 2 }
    var areaTop: Double { margin + Self.headerHeight + 2 }
    var areaBottom: Double { height - margin - Self.footerHeight - 2 }
    var areaHeight: Double { areaBottom - areaTop }
    var usableWidth: Double { width - 2 * margin }

    /// Rows overlapping this band of y must stay right of the vertical ruler strip.
    var keepOutTop: Double { verticalRulerZeroY - Self.verticalRulerLength - 2 }
    var keepOutRight: Double { margin + Self.verticalRulerStrip }

    // Rulers and card.
    var horizontalRulerX: Double { margin + 15 }
    var horizontalRulerY: Double { height - margin - 7 }
    var verticalRulerX: Double { margin + 9 }
    var verticalRulerZeroY: Double { height - margin - 10 }
    /// The card's outline (a 0.2 mm line centred on it) stays inside the margin: inset by half the line.
    var cardX: Double { width - margin - Self.card.width - 0.1 }
    var cardY: Double { height - margin - 9 - Self.card.height }
    var footerTop: Double { height - margin - Self.footerHeight }
}
