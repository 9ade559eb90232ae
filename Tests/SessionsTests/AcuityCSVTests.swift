import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Acuity app CSV")
struct AcuityCSVTests {
    static func csv(_ rows: [String]) -> String {
        ([TestSupport.csvHeader] + rows).joined(separator: "\r\n") + "\r\n"
    }

    static func workedExampleRows(session: String = "S1", eye: String = "Right") -> [String] {
        var rows: [String] = []
        for label in ["20/200", "20/160", "20/125", "20/100", "20/80", "20/63", "20/50"] {
            rows += TestSupport.levelRows(session: session, eye: eye, level: label, results: TestSupport.early)
        }
        rows += TestSupport.levelRows(session: session, eye: eye, level: "20/40", results: TestSupport.of10(8))
        rows += TestSupport.levelRows(session: session, eye: eye, level: "20/32", results: TestSupport.of10(4))
        return rows
    }

    @Test func workedExampleFromTheAppsCSV() throws {
        var log = DiagnosticLog()
        let sessions = AcuityCSVReader.read(Self.csv(Self.workedExampleRows()), path: "a.csv", log: &log)
        #expect(log.all.isEmpty)
        let test = try #require(sessions.first?.tests.first)
        #expect(test.levels.count == 9)
        let score = try #require(test.score)
        #expect(score.letterByLetter.logMARText == "0.28")
        #expect(score.letterByLetter.snellenFeetText == "20/38")
    }

    @Test func groupsSessionsAndEyes() throws {
        var rows = Self.workedExampleRows(session: "S1", eye: "Right")
        rows += TestSupport.levelRows(session: "S2", eye: "Right", type: "Landolt_C", level: "20/40", results: TestSupport.of10(7))
        rows += Self.workedExampleRows(session: "S1", eye: "Left")
        var log = DiagnosticLog()
        let sessions = AcuityCSVReader.read(Self.csv(rows), path: "a.csv", log: &log)
        #expect(log.all.isEmpty)
        #expect(sessions.map(\.id) == ["S1", "S2"])
        #expect(sessions[0].tests.map(\.eye) == [.right, .left])
        #expect(sessions[1].tests.first?.optotype == .landoltC)
        #expect(sessions[0].date?.description == "2025-03-14 09:30:00")
        #expect(sessions[0].source == SourceLocation(path: "a.csv", line: 2, column: 1))
    }

    @Test func quotedFieldsPerRFC4180() throws {
        let rows = (1...3).map { "\"Doe, \"\"Jay\"\"\nSecond line\",2025-03-14 09:30:0\($0).000,Right,ETDRS,20/40,H,40,900,H,TRUE,\($0),S1" }
        var log = DiagnosticLog()
        let sessions = AcuityCSVReader.read(Self.csv(rows), path: "q.csv", log: &log)
        #expect(log.all.isEmpty)
        #expect(sessions.first?.name == "Doe, \"Jay\"\nSecond line")
    }

    @Test func columnsAreFoundByNameInAnyOrder() throws {
        let text = "Session_ID,Is_Correct,Acuity_Level,Eye,Test_Type,Distance_CM\n" + String(repeating: "S9,TRUE,20/20,Left,ETDRS,40\n", count: 3)
        var log = DiagnosticLog()
        let sessions = AcuityCSVReader.read(text, path: "o.csv", log: &log)
        #expect(log.all.isEmpty)
        #expect(sessions.first?.tests.first?.levels.first?.correctCount == 3)
    }

    @Test func missingColumnsAreReportedOnTheHeader() throws {
        var log = DiagnosticLog()
        let sessions = AcuityCSVReader.read("Name,Eye,Acuity_Level\nP,Right,20/40\n", path: "m.csv", log: &log)
        #expect(sessions.isEmpty)
        let error = try #require(log.errors.first)
        #expect(error.location == SourceLocation(path: "m.csv", line: 1, column: 1))
        #expect(error.message.contains("Test_Type"))
        #expect(error.message.contains("Is_Correct"))
    }

    @Test func isCorrectMustBeTrueOrFalse() {
        var rows = TestSupport.levelRows(session: "S1", level: "20/40", results: [true, true])
        rows[1] = rows[1].replacingOccurrences(of: ",TRUE,", with: ",yes,")
        var log = DiagnosticLog()
        let sessions = AcuityCSVReader.read(Self.csv(rows), path: "c.csv", log: &log)
        #expect(sessions.isEmpty)
        #expect(log.errors.count == 1)
        // Line 3 (header, first row), column of Is_Correct.
        let column = rows[1].components(separatedBy: ",yes,")[0].count + 2
        #expect(log.errors.first?.location == SourceLocation(path: "c.csv", line: 3, column: column))
        #expect(log.errors.first?.message.contains("TRUE or FALSE") == true)
    }

    @Test func levelMustBeASnellenFraction() throws {
        var log = DiagnosticLog()
        let url = TestSupport.fixtures.appendingPathComponent("broken/bad-level.csv")
        let catalog = SessionLoader.load(files: [url], log: &log)
        #expect(catalog.acuity.isEmpty)
        let error = try #require(log.errors.first)
        #expect(error.location.line == 2)
        #expect(error.location.column == 39)
        #expect(error.message.contains("20/abc"))
    }

    @Test func otherMalformedRows() {
        let cases: [(String, String)] = [
            ("P,2025-03-14 09:30:00.000,Right,ETDRS,20/40,H,40,900,H,TRUE,1", "fields"),
            ("P,2025-03-14 09:30:00.000,Middle,ETDRS,20/40,H,40,900,H,TRUE,1,S1", "Left, Right or Both"),
            ("P,2025-03-14 09:30:00.000,Right,Snellen,20/40,H,40,900,H,TRUE,1,S1", "ETDRS or Landolt_C"),
            ("P,2025-03-14 09:30:00.000,Right,ETDRS,20/40,H,-4,900,H,TRUE,1,S1", "Distance_CM"),
            ("P,14/03/2025,Right,ETDRS,20/40,H,40,900,H,TRUE,1,S1", "yyyy-MM-dd"),
            ("P,2025-03-14 09:30:00.000,Right,ETDRS,20/40,H,40,900,H,TRUE,0,S1", "Trial_Number"),
            ("P,2025-03-14 09:30:00.000,Right,ETDRS,20/40,H,40,900,H,TRUE,1,", "Session_ID"),
            ("\"P,2025-03-14 09:30:00.000,Right,ETDRS,20/40,H,40,900,H,TRUE,1,S1", "never closed"),
        ]
        for (row, expected) in cases {
            var log = DiagnosticLog()
            let sessions = AcuityCSVReader.read(Self.csv([row]), path: "r.csv", log: &log)
            #expect(sessions.isEmpty, "\(row)")
            #expect(log.errors.first?.location.line == 2, "\(row)")
            #expect(log.errors.first?.message.contains(expected) == true, "\(row): \(log.errors.map(\.message))")
        }
    }

    @Test func emptyAndHeaderOnlyFiles() {
        var log = DiagnosticLog()
        #expect(AcuityCSVReader.read("", path: "e.csv", log: &log).isEmpty)
        #expect(AcuityCSVReader.read(TestSupport.csvHeader + "\n", path: "h.csv", log: &log).isEmpty)
        #expect(log.errors.count == 2)
    }
}
