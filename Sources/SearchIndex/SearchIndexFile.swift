import Foundation

/// One file of a built index, relative to the site's `search/` folder.
public struct SearchIndexFile: Sendable, Equatable {
    /// Path relative to `search/`, e.g. `index.json`, `terms/3.js`.
    public var path: String
    /// The bytes to write.
    public var contents: Data

    /// Creates a file.
    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }
}
