import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Acuity chart JSON")
struct AcuityJSONTests {
    static let valid = """
    {
      "format": "loupe-acuity-session", "version": 1, "id": "c1", "date": "2025-04-02T10:05:00+01:00",
      "tests": [{
        "eye": "OD", "optotype": "sloan", "chartDistanceCM": 40, "testDistanceCM": 50,
        "rows": [
          { "logMAR": 0.4, "shown": ["N","C","K","Z","O"], "read": ["N","C","K","Z","O"] },
          { "logMAR": 0.3, "shown": ["R","H","S","D","K"], "read": ["r","H","S",null,"K"] },
          { "snellen": "20/32", "shown": ["D","O","V","H","R"], "read": ["D","C",null,null,null] }
        ]
      }]
    }
    """

    @Test func readsAndScoresAChartTest() throws {
        var log = DiagnosticLog()
        let document = try #require(TestSupport.document(Self.valid, log: &log))
        let session = try #require(AcuityJSONReader.read(document, log: &log))
        #expect(log.all.isEmpty)
        let test = try #require(session.tests.first)
        #expect(test.eye == .right)
        #expect(test.levels.map(\.correctCount) == [5, 4, 1])
        #expect(test.levels[1].trials[0].isCorrect) // case-insensitive
        #expect(test.levels[1].trials[3].response == nil)
        let score = try #require(test.score)
        // 0.4 + 0.1 − 10 × 0.02 = 0.30, then log10(40/50).
        #expect(abs(score.letterByLetter.logMAR - (0.3 + log10(0.8))) < 1e-9)
    }

    @Test func malformedRowsAreLocatedByKeyPathAndLine() throws {
        let text = Self.valid.replacingOccurrences(of: "\"read\": [\"D\",\"C\",null,null,null]", with: "\"read\": [\"D\"]")
            .replacingOccurrences(of: "\"OD\"", with: "\"OX\"")
        var log = DiagnosticLog()
        let document = try #require(TestSupport.document(text, path: "bad.json", log: &log))
        #expect(AcuityJSONReader.read(document, log: &log) == nil)
        let messages = log.errors.map(\.description)
        #expect(messages.contains { $0.hasPrefix("bad.json:4:12: error: tests[0].eye: eye is \"OX\"") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("bad.json:8:69: error: tests[0].rows[2].read: 1 answers for 5") }, "\(messages)")
    }
}
