import Diagnostics
import Foundation
@testable import Study

/// Reads an export from a string.
func readExport(_ json: String, path: String = "progress/study.json") -> (StudyExport?, DiagnosticLog) {
    var log = DiagnosticLog()
    let export = StudyExportReader.read(Array(json.utf8), path: path, log: &log)
    return (export, log)
}

/// A date from an ISO string known to be valid in the test.
func time(_ text: String) throws -> Date {
    guard let date = StudyTime.parse(text) else { throw TestFailure("bad test date \(text)") }
    return date
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The repository root, found from this file's path (`Tests/StudyTests/Support.swift`).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
