/// A finished chart file in memory.
public struct RenderedChart: Sendable, Equatable {
    /// One sheet of a chart written one file per sheet (SVG).
    public struct Sheet: Sendable, Equatable {
        /// `sheet`, `cover`, `A1`, `sheet2`: the suffix of its file name.
        public let name: String
        /// The file's bytes.
        public let data: [UInt8]
    }

    /// The file's bytes (PDF with every sheet; for SVG, the first sheet).
    public let data: [UInt8]
    /// Warnings for the user (without a file prefix), e.g. strokes too thin for the printer.
    public let warnings: [String]
    /// Number of sheets.
    public let pageCount: Int
    /// SVG: one file per sheet, in order (a single sheet: just `data`); PDF: empty.
    public let sheets: [Sheet]

    /// Creates a rendered chart.
    public init(data: [UInt8], warnings: [String], pageCount: Int, sheets: [Sheet] = []) {
        self.data = data
        self.warnings = warnings
        self.pageCount = pageCount
        self.sheets = sheets
    }
}
