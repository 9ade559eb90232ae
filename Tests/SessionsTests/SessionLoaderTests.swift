import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Finding and checking session files")
struct SessionLoaderTests {
    @Test func shippedExamplesLoadCleanly() throws {
        var log = DiagnosticLog()
        let catalog = SessionLoader.load(contentDirectory: TestSupport.repositoryContent, log: &log)
        #expect(log.all.isEmpty, "\(log.all.map(\.description))")
        // Two sessions in the CSV, one chart JSON, and one visit from the app's per-eye share (repeated by Share All).
        #expect(catalog.acuity.count == 4)
        #expect(catalog.notes.count == 1)
        #expect(catalog.incidents.count == 5) // three incident JSONs and vjot's Documents folder with two
        #expect(catalog.incidents.contains { $0.isEmergency })
        #expect(Set(catalog.incidents.map(\.created.day)).count >= 2)
        #expect(catalog.gameUsers.count == 3) // two in the history export, one in the Firebase export
        let csvSession = try #require(catalog.acuity.first { $0.id == "S-2025-03-14-0930" })
        #expect(csvSession.tests.map(\.eye) == [.right, .left])
        // The right eye of the shipped export is the §7.2 worked example.
        #expect(csvSession.tests.first?.score?.letterByLetter.logMARText == "0.28")
        #expect(csvSession.tests.first?.score?.letterByLetter.snellenFeetText == "20/38")
    }

    @Test func duplicateSessionIdsAreLocatedErrors() throws {
        var log = DiagnosticLog()
        let folder = TestSupport.fixtures.appendingPathComponent("duplicates")
        let files = ["first.json", "second.json"].map { folder.appendingPathComponent($0) }
        let catalog = SessionLoader.load(files: files, log: &log)
        #expect(catalog.incidents.map(\.veterinarian) == ["Dr A"])
        let error = try #require(log.errors.first)
        #expect(log.errors.count == 1)
        #expect(error.location.path.hasSuffix("second.json"))
        #expect(error.location.line == 4)
        #expect(error.message.contains("duplicate session id \"inc-1\""))
        #expect(error.message.contains("first.json:4:9"))
    }

    @Test func theSameAppSessionInTwoFilesIsMergedSilentlyWhenIdentical() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = ([TestSupport.csvHeader] + TestSupport.levelRows(session: "S1", level: "20/40", results: TestSupport.of10(7)))
            .joined(separator: "\n")
        for name in ["a.csv", "b.csv"] {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var log = DiagnosticLog()
        let catalog = SessionLoader.load(files: ["a.csv", "b.csv"].map { folder.appendingPathComponent($0) }, log: &log)
        #expect(catalog.acuity.count == 1)
        #expect(log.all.isEmpty)
    }

    @Test func jsonSyntaxErrorsAreLocated() throws {
        var log = DiagnosticLog()
        let catalog = SessionLoader.load(files: [TestSupport.fixtures.appendingPathComponent("broken/syntax.json")], log: &log)
        #expect(catalog.isEmpty)
        let error = try #require(log.errors.first)
        // The comma is missing at the end of line 4; the parser stops at the next key, line 5.
        #expect(error.location.line == 5)
        #expect(error.location.column == 3)
        #expect(error.message.contains("not valid JSON"))
    }

    @Test func unknownFormatsAndVersions() throws {
        var log = DiagnosticLog()
        _ = try #require(TestSupport.document("{}", log: &log))
        let cases: [(String, String)] = [
            ("{ \"format\": \"loupe-x\" }", "unknown format \"loupe-x\""),
            ("{ \"id\": \"x\" }", "\"format\" is missing"),
            ("{ \"format\": \"loupe-incident\", \"version\": 2 }", "newer than this Loupe"),
            ("\"just a string\"", "expected an object"),
        ]
        for (text, expected) in cases {
            var caseLog = DiagnosticLog()
            var loader = SessionLoader.Loader()
            let document = try #require(TestSupport.document(text, log: &caseLog))
            loader.dispatch(document, log: &caseLog)
            #expect(loader.finish(log: &caseLog).isEmpty)
            #expect(caseLog.errors.first?.message.contains(expected) == true, "\(caseLog.all)")
        }
    }

    @Test func hostileIdsNeverNameAPathOutside() {
        #expect(SessionID.slug("../../etc/passwd") == "etc-passwd")
        #expect(SessionID.slug("Réunion 2025/03") == "reunion-2025-03")
        #expect(SessionID.slug("…") == "")
    }

    @Test func timestamps() throws {
        let offset = try #require(Timestamp(parsing: "2025-05-06T09:12:00+01:00"))
        let utc = try #require(Timestamp(parsing: "2025-05-06T08:12:00Z"))
        #expect(offset.instant == utc.instant)
        #expect(offset.minutePrecision == "2025-05-06 09:12")
        #expect(Timestamp(parsing: "2025-03-14 09:30:02.069")?.timeOfDay == "09:30:02")
        #expect(Timestamp(parsing: "2025-02-30") == nil)
        #expect(Timestamp(parsing: "2025-13-01T00:00") == nil)
        #expect(Timestamp(parsing: "2025-01-01T25:00") == nil)
        #expect(Timestamp(parsing: "2025-01-01T10:00+0100")?.day == "2025-01-01")
    }
}
