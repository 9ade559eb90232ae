/// A finished chart file in memory.
public struct RenderedChart: Sendable, Equatable {
    /// The file's bytes (PDF or UTF-8 SVG).
    public let data: [UInt8]
    /// Warnings for the user (without a file prefix), e.g. strokes too thin for an office printer.
    public let warnings: [String]
    /// Number of sheets.
    public let pageCount: Int

    /// Creates a rendered chart.
    public init(data: [UInt8], warnings: [String], pageCount: Int) {
        self.data = data
        self.warnings = warnings
        self.pageCount = pageCount
    }
}
