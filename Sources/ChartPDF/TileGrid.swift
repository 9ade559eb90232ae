/// How an assembled chart (the canvas) is cut into sheets: a grid of windows that overlap by `overlap`
/// millimetres, each printed at the same place on its sheet. Sheet labels are a row letter and a column
/// number (`A1` top left, `A2` to its right, `B1` below it). Coordinates are layout millimetres.
public struct TileGrid: Sendable, Equatable {
    /// The width of the strip shared by neighbouring sheets.
    public static let overlap = 10.0
    /// Height of the strip under each window for the sheet's label and its 100 mm ruler.
    static let stripHeight = 17.0

    /// One sheet of a tiled chart.
    public struct Tile: Sendable, Equatable {
        /// 0-based row (top to bottom) and column (left to right) of the grid.
        public let row: Int, column: Int
        /// The sheet label: `A1`, `B3`.
        public let label: String
        /// The canvas point shown at the window's top-left corner.
        public let canvasX: Double, canvasY: Double
    }

    /// The assembled chart's size.
    public let canvasWidth: Double, canvasHeight: Double
    /// The window on each sheet: top-left corner on the page and size.
    public let windowX: Double, windowY: Double, windowWidth: Double, windowHeight: Double
    /// Grid size.
    public let rows: Int, columns: Int
    /// The sheets, row by row.
    public let tiles: [Tile]

    init(canvasWidth: Double, canvasHeight: Double, geometry g: PageGeometry) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        // Half a millimetre inside the margins, so trim and join marks on the window's edges stay inside them too.
        windowX = g.margin + 0.5
        windowY = g.margin + 0.5
        windowWidth = g.width - 2 * g.margin - 1
        windowHeight = g.height - 2 * g.margin - 1 - Self.stripHeight
        columns = Self.count(canvasWidth, window: windowWidth)
        rows = Self.count(canvasHeight, window: windowHeight)
        var tiles: [Tile] = []
        for row in 0..<rows {
            for column in 0..<columns {
                tiles.append(Tile(row: row, column: column, label: Self.label(row: row, column: column),
                                  canvasX: Double(column) * (windowWidth - Self.overlap),
                                  canvasY: Double(row) * (windowHeight - Self.overlap)))
            }
        }
        self.tiles = tiles
    }

    /// Windows needed to cover `length` when each further window adds `window − overlap`.
    static func count(_ length: Double, window: Double) -> Int {
        guard length > window else { return 1 }
        let step = window - overlap
        var count = 1
        while Double(count) * step + overlap < length { count += 1 }
        return count
    }

    /// `A1`, …, `Z9`, then `AA1`.
    static func label(row: Int, column: Int) -> String {
        var letters = ""
        var value = row
        repeat {
            letters = String(UnicodeScalar(UInt8(65 + value % 26))) + letters
            value = value / 26 - 1
        } while value >= 0
        return "\(letters)\(column + 1)"
    }

    /// Maps a canvas point to the page of `tile`.
    public func onPage(_ p: (x: Double, y: Double), tile: Tile) -> (x: Double, y: Double) {
        (p.x - tile.canvasX + windowX, p.y - tile.canvasY + windowY)
    }
}
