import Foundation
import Testing

/// Compares output with a file in `Golden/`; `LOUPE_RECORD=1` rewrites the file instead.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LOUPE_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try #require(FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) },
                                    "missing golden file \(name); record it with LOUPE_RECORD=1 swift test", sourceLocation: sourceLocation)
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            Issue.record("""
                \(name) differs from its golden file at line \(first + 1):
                  expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
                  actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
                Review the change, then re-record with LOUPE_RECORD=1 swift test.
                """, sourceLocation: sourceLocation)
        }
    }
}
