import Optotypes

/// Text placed on a sheet, in layout millimetres (y down) and points.
public struct PageText: Sendable, Equatable {
    /// Where the text is anchored horizontally.
    public enum Anchor: String, Sendable, Equatable {
        /// `x` is the left end, the centre, or the right end of the text.
        case start, middle, end
    }

    /// The text (rendered with Helvetica; characters outside WinAnsi become `?` in PDF).
    public let text: String
    /// Anchor x.
    public let x: Double
    /// Baseline y.
    public let baseline: Double
    /// Size in points (before the print scale).
    public let size: Double
    /// Helvetica-Bold instead of Helvetica.
    public let isBold: Bool
    /// Horizontal anchor.
    public let anchor: Anchor

    /// Creates a text item.
    public init(_ text: String, x: Double, baseline: Double, size: Double, isBold: Bool = false, anchor: Anchor = .start) {
        self.text = text
        self.x = x
        self.baseline = baseline
        self.size = size
        self.isBold = isBold
        self.anchor = anchor
    }
}

/// One thing drawn on a sheet.
public enum PageElement: Sendable, Equatable {
    /// A filled outline (optotypes, ruler ticks), black.
    case fill(GlyphPath)
    /// A stroked outline of the given width in mm, black.
    case stroke(GlyphPath, width: Double)
    /// Text, black.
    case text(PageText)
    /// Elements drawn only inside a rectangle (a tile's window onto the assembled chart).
    indirect case clipped(PathBounds, [PageElement])
}

/// Everything drawn on one sheet, in drawing order, ready for the PDF or SVG writer.
public struct ChartPage: Sendable, Equatable {
    /// Paper width in mm.
    public let width: Double
    /// Paper height in mm.
    public let height: Double
    /// The print scale: layout millimetres × scale = paper millimetres.
    public let scale: Double
    /// The drawing, in layout millimetres.
    public let elements: [PageElement]
}
