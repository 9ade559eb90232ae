import Foundation

/// The files a site's templates come from, keyed by path relative to the templates folder
/// (`card.md`, `sessions/layout.html`, `assets/site.css`), each with its bytes and the path shown
/// in diagnostics.
///
/// Loupe's built-in defaults are one set; a user's templates folder is another that overrides it
/// file by file (``overridden(by:)``).
public struct TemplateFiles: Sendable, Equatable {
    /// One file.
    public struct File: Sendable, Equatable {
        /// The file's bytes.
        public var data: Data
        /// Where the file came from, as shown in diagnostics.
        public var displayPath: String

        /// Creates a file.
        public init(data: Data, displayPath: String) {
            self.data = data
            self.displayPath = displayPath
        }
    }

    /// The files by relative path.
    public private(set) var files: [String: File]

    /// A set of files.
    public init(_ files: [String: File] = [:]) {
        self.files = files
    }

    /// Built-in files (by relative path) shown in diagnostics as `<label>/<path>`.
    public init(builtIn files: [String: Data], label: String) {
        self.files = files.reduce(into: [:]) { result, entry in
            result[entry.key] = File(data: entry.value, displayPath: label + "/" + entry.key)
        }
    }

    /// Every regular, non-hidden file under `directory`, recursively.
    public init(directory: URL) throws(TemplateError) {
        let fileManager = FileManager.default
        // A symlinked templates folder works: its real target is listed.
        let isLink = (try? fileManager.destinationOfSymbolicLink(atPath: directory.path)) != nil
        let listed = isLink ? directory.resolvingSymlinksInPath() : directory
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = fileManager.enumerator(at: listed, includingPropertiesForKeys: [.isRegularFileKey],
                                                      options: [.skipsHiddenFiles])
        else { throw .unreadableDirectory(path: directory.path) }
        let basePath = listed.standardizedFileURL.path
        var files: [String: File] = [:]
        for case let file as URL in enumerator {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            var relative = String(file.standardizedFileURL.path.dropFirst(basePath.count))
            while relative.hasPrefix("/") { relative.removeFirst() }
            guard let data = fileManager.contents(atPath: file.path) else { throw .unreadableFile(path: file.path) }
            files[relative] = File(data: data, displayPath: file.path)
        }
        self.files = files
    }

    /// Whether there are no files.
    public var isEmpty: Bool { files.isEmpty }

    /// Every relative path, sorted.
    public var paths: [String] { files.keys.sorted() }

    /// The file at `path`, if any.
    public subscript(path: String) -> File? { files[path] }

    /// These files with each file of `other` replacing the one at the same path (or added).
    public func overridden(by other: TemplateFiles) -> TemplateFiles {
        TemplateFiles(files.merging(other.files) { _, override in override })
    }
}
