/// One file of the session documents, relative to the sessions output folder (e.g. `acuity/s-1.html`).
public struct ReportFile: Sendable, Equatable {
    /// Where the file goes, relative to the sessions folder; always `/`-separated, never `..`.
    public let relativePath: String
    /// The file's text (LF line endings, one trailing newline).
    public let contents: String

    /// Creates a file.
    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
