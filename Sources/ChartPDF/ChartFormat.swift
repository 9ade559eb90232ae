/// The output format of a chart.
public enum ChartFormat: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// PDF through libharu, one page per sheet, `/PrintScaling /None`.
    case pdf
    /// SVG in millimetres; several sheets are stacked vertically in one drawing.
    case svg

    /// The format implied by a file name's extension (`.pdf`, `.svg`), or `nil`.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
