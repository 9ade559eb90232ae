import Foundation

/// A new content folder for `loupe init`: `loupe.yml` with every setting commented, `about.md`, a
/// small example deck with one image, and each optional folder with a README saying what goes
/// there and in which format.
public enum ContentScaffold {
    /// The folders written, empty ones included (`sessions/` gets no README: its reader would take
    /// any file there for a session record).
    public static let folders = ["breeds", "deck/images", "notes", "outlines", "progress", "sessions", "templates"]

    /// Writes the starter files into `folder` (created if absent) and returns their relative paths,
    /// sorted. Refuses a folder that already holds anything.
    public static func write(to folder: URL) throws(ScaffoldError) -> [String] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notAFolder(path: folder.relativePath) }
            let entries = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard entries.isEmpty else { throw .notEmpty(path: folder.relativePath) }
        }
        let paths = files.keys.sorted()
        for name in folders {
            do { try fileManager.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true) } catch {
                throw .cannotWrite(path: folder.appendingPathComponent(name).relativePath, reason: error.localizedDescription)
            }
        }
        for path in paths {
            guard let text = files[path] else { continue }
            let url = folder.appendingPathComponent(path)
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw .cannotWrite(path: url.relativePath, reason: error.localizedDescription)
            }
        }
        return paths
    }

    /// Every starter file by relative path.
    public static let files: [String: String] = [
        "loupe.yml": StarterFiles.settings,
        "about.md": StarterFiles.about,
        "deck/example.tsv": StarterFiles.deck,
        "deck/images/eye-outline.svg": StarterFiles.image,
        "deck/README.md": StarterFiles.deckReadme,
        "breeds/README.md": StarterFiles.breedsReadme,
        "notes/README.txt": StarterFiles.notesReadme,
        "outlines/README.md": StarterFiles.outlinesReadme,
        "progress/README.md": StarterFiles.progressReadme,
        "README.md": StarterFiles.folderReadme,
        "templates/README.md": StarterFiles.templatesReadme,
    ]
}

/// Why `loupe init` wrote nothing.
public enum ScaffoldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder already holds files.
    case notEmpty(path: String)
    /// The path is a file.
    case notAFolder(path: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .notEmpty(let path):
            return "\(path): error: the folder is not empty; loupe init only writes into a new or empty folder"
        case .notAFolder(let path):
            return "\(path): error: this is a file, not a folder"
        case .cannotWrite(let path, let reason):
            return "\(path): error: cannot write: \(reason)"
        }
    }
}
