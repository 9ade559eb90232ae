import Foundation

/// Where generated files go: a staging folder for `build`, nowhere for `check`.
public protocol SiteOutput: Sendable {
    /// Writes bytes at a site-relative path.
    func write(_ data: Data, to relativePath: String) throws(OutputError)
    /// Copies a file into the site.
    func copy(_ source: URL, to relativePath: String) throws(OutputError)
}

extension SiteOutput {
    /// Writes UTF-8 text.
    func write(text: String, to relativePath: String) throws(OutputError) {
        try write(Data(text.utf8), to: relativePath)
    }
}

extension StagedOutput: SiteOutput {}

/// An output that keeps nothing: `loupe check` renders every page to find problems, writes nothing.
public struct DiscardingOutput: SiteOutput {
    /// Creates the output.
    public init() {}
    /// Discards `data`.
    public func write(_ data: Data, to relativePath: String) throws(OutputError) {}
    /// Discards the copy.
    public func copy(_ source: URL, to relativePath: String) throws(OutputError) {}
}
