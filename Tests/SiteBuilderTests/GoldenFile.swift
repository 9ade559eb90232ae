import Foundation
import Testing
import TestSupport

/// Compares output with a file in `Golden/`; `LOUPE_RECORD=1` rewrites the file and fails the test (see ``Golden``).
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.check(actual, against: folder.appendingPathComponent(name), sourceLocation: sourceLocation)
    }
}
