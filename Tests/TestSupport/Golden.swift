import Foundation
import Testing

/// Golden files: output compared byte for byte with a file kept in the repository.
///
/// `LOUPE_RECORD=1 swift test --filter <suite>` rewrites the golden files instead, and fails each test that did so
/// (so a run with recording on is never green); run again without `LOUPE_RECORD` to check them, and review the diff.
public enum Golden {
    /// The environment variable that turns recording on.
    public static let recordVariable = "LOUPE_RECORD"

    /// Whether golden files are being recorded (`LOUPE_RECORD` set to anything but empty or `0`).
    public static var isRecording: Bool {
        let value = ProcessInfo.processInfo.environment[recordVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Checks `actual` against the golden file at `url` (or records it, and fails, when recording).
    public static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(Data(actual.utf8), against: url, sourceLocation: sourceLocation)
    }

    /// Checks `actual` against the golden file at `url` (or records it, and fails, when recording).
    public static func check(_ actual: Data, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, options: .atomic)
            Issue.record("recorded \(url.path); review it, then run again without \(recordVariable) to check it",
                         sourceLocation: sourceLocation)
            return
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden file \(url.path); record it with \(recordVariable)=1 swift test, review it and commit it",
                         sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        Issue.record("""
            output differs from the golden file \(url.path) at line \(first + 1):
              expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
              actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
            Review the change, then re-record with \(recordVariable)=1 swift test.
            """, sourceLocation: sourceLocation)
    }
}
