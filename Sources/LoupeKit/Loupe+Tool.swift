import ContentScaffold
import DefaultTemplates
import Foundation
import Templating

/// A self-contained tool: built-in templates, new content folders.
extension Loupe {
    /// This version of Loupe.
    public static let version = "0.2.0"

    /// The templates and assets compiled into the binary (from the repository's `Templates/`),
    /// shown in diagnostics as `built-in/<path>`.
    public static var builtInTemplates: TemplateFiles {
        TemplateFiles(builtIn: DefaultTemplates.files, label: "built-in")
    }

    /// The templates folder a command uses when `--templates` is not given: `templates/` inside
    /// the content folder (it may not exist; then only the built-in templates are used).
    public static func templatesFolder(forContent content: URL) -> URL {
        content.appendingPathComponent("templates")
    }

    /// The built-in templates overridden file by file by `folder`, when it exists.
    public static func templates(overriddenBy folder: URL?) throws(TemplateError) -> TemplateLibrary {
        var files = builtInTemplates
        let directory = folder ?? URL(fileURLWithPath: "built-in")
        if let folder, FileManager.default.fileExists(atPath: folder.path) {
            files = files.overridden(by: try TemplateFiles(directory: folder))
        }
        return try TemplateLibrary(files: files, directory: directory)
    }

    /// `loupe templates export DIR`: writes the built-in templates into `folder`; returns the
    /// relative paths written. Refuses to replace any existing file.
    public static func exportTemplates(to folder: URL) throws(ExportError) -> [String] {
        let files = DefaultTemplates.files
        let paths = files.keys.sorted()
        for path in paths where FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) {
            throw .exists(path: folder.appendingPathComponent(path).relativePath)
        }
        for path in paths {
            guard let data = files[path] else { continue }
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .withoutOverwriting)
            } catch {
                throw .cannotWrite(path: url.relativePath, reason: error.localizedDescription)
            }
        }
        return paths
    }

    /// `loupe init DIR`: writes a new content folder; returns the relative paths written.
    public static func initContent(at folder: URL) throws(ScaffoldError) -> [String] {
        try ContentScaffold.write(to: folder)
    }

    /// Why `loupe templates export` wrote nothing.
    public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A file would be replaced.
        case exists(path: String)
        /// A file could not be written.
        case cannotWrite(path: String, reason: String)

        /// A message for the user.
        public var description: String {
            switch self {
            case .exists(let path): return "\(path): error: already exists; export into a new or empty folder"
            case .cannotWrite(let path, let reason): return "\(path): error: cannot write: \(reason)"
            }
        }
    }
}

