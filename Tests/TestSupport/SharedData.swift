import Foundation
import Testing

/// The project's shared real data: `../shared/data` beside the package root, found from this file's path.
///
/// Tests on it are skipped, visibly, when it is absent:
/// `@Suite("…", .enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))`.
public enum SharedData {
    /// The package root (the folder holding `Package.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/data` beside the package root, whether or not it exists.
    public static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")

    /// `../shared/data/<subfolder>` (or `../shared/data` itself for `""`), or `nil` when it is absent.
    public static func folder(_ subfolder: String = "") -> URL? {
        let url = subfolder.isEmpty ? root : root.appendingPathComponent(subfolder)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The skip message for tests that need `../shared/data/<subfolder>`.
    public static func absent(_ subfolder: String = "") -> Comment {
        let path = subfolder.isEmpty ? "../shared/data" : "../shared/data/\(subfolder)"
        return Comment(rawValue: "\(path) is absent beside the package: the tests on the real data are skipped")
    }
}
