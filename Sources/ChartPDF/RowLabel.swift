import Optotypes

/// The label of one row: where its text sits and, when it had to move away from its row, a leader line.
public struct RowLabel: Sendable, Equatable {
    /// The text: `+0.3 · 20/40 · 6/12` (plus `· 1.00 M` at near distances).
    public let text: String
    /// Left end of the text (layout mm).
    public let x: Double
    /// Text baseline (layout mm).
    public let baseline: Double
    /// A thin line from the row's level to the label, when the label was moved to stay readable.
    public let leader: [PathPoint]?

    /// The label text of a row.
    static func text(for row: ChartRow, distance: ViewingDistance) -> String {
        var parts = [row.step.description, AcuityNotation.snellenFeetLabel(row.step), AcuityNotation.snellenMetresLabel(row.step)]
        if distance.isNear {
            parts.append("\(DecimalText.fixed(AcuityNotation.mUnits(height: row.height), places: 2)) M")
        }
        return parts.joined(separator: " · ")
    }
}
