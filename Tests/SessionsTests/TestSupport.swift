import Diagnostics
import Foundation
@testable import Sessions
import TestSupport

/// Helpers shared by the Sessions tests.
enum TestSupport {
    /// The shipped Fixtures folder.
    static var fixtures: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil) ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    /// The repository's own `content/` folder (the shipped examples).
    static var repositoryContent: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("content")
    }

    /// Parses JSON text as a document named `path`.
    static func document(_ text: String, path: String = "test.json", log: inout DiagnosticLog) -> JSONDocument? {
        JSONDocument.parse(Data(text.utf8), path: path, log: &log)
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        try TemporaryFolder.make("sessions")
    }

    /// The acuity app's header.
    static let csvHeader = "Name,Timestamp,Eye,Test_Type,Acuity_Level,Letter_Displayed,Distance_CM,Response_Time_MS,User_Response,Is_Correct,Trial_Number,Session_ID"

    /// CSV rows for one level: `correct` then wrong answers, `count` trials.
    static func levelRows(session: String, eye: String = "Right", type: String = "ETDRS", level: String,
                          results: [Bool], distance: String = "40") -> [String] {
        results.enumerated().map { index, ok in
            "P,2025-03-14 09:30:\(String(format: "%02d", index)).000,\(eye),\(type),\(level),H,\(distance),900,\(ok ? "H" : "K"),\(ok ? "TRUE" : "FALSE"),\(index + 1),\(session)"
        }
    }

    /// Early-stopped level: five correct trials.
    static let early = Array(repeating: true, count: 5)

    /// `n` correct of 10, wrong ones first so the early-stop rule does not apply.
    static func of10(_ n: Int) -> [Bool] {
        Array(repeating: false, count: 10 - n) + Array(repeating: true, count: n)
    }
}
