import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Rehabilitation game history")
struct GameHistoryTests {
    static func export(_ games: [String]) -> String {
        """
        [
          { "uid": "u1", "username": "tester", "email": "tester@example.invalid",
            "games": [\(games.joined(separator: ",\n"))] }
        ]
        """
    }

    static func game(_ gid: String, day: Int, scores: [String] = ["5", "5", "5", "5", "5"], time: String? = nil) -> String {
        let axes = ["balance", "dexterity", "facial", "posture", "speech"]
        let fields = zip(axes, scores).map { "\"\($0)\": \($1)" }.joined(separator: ", ")
        return "{ \"gid\": \"\(gid)\", \"type\": \"Balloon pop\", \(fields), \"time\": \(time ?? "\"2025-02-\(String(format: "%02d", day))T10:00:00Z\"") }"
    }

    func read(_ text: String, log: inout DiagnosticLog) throws -> [GameUser] {
        let document = try #require(TestSupport.document(text, path: "games.json", log: &log))
        return GameHistoryReader.read(document, log: &log)
    }

    @Test func readsNumbersAndNumericStrings() throws {
        var log = DiagnosticLog()
        let users = try read(Self.export([
            Self.game("g2", day: 3, scores: ["\"7.5\"", "6", "\"10\"", "0", "4"]),
            Self.game("g1", day: 1, time: "1738404000"),
            Self.game("g3", day: 4, time: "1738663200000"),
        ]), log: &log)
        #expect(log.all.isEmpty)
        let user = try #require(users.first)
        #expect(user.games.map(\.id) == ["g1", "g2", "g3"]) // time order
        #expect(user.games[1].scores[.balance] == 7.5)
        #expect(user.games[0].time.day == "2025-02-01")
        #expect(user.games[2].time.day == "2025-02-04") // milliseconds
        let average = try #require(user.averageSoFar(through: user.games[1]))
        #expect(average[.balance] == 6.25)
    }

    @Test func scoreElevenAndNonNumericScoresNameTheGame() throws {
        var log = DiagnosticLog()
        let url = TestSupport.fixtures.appendingPathComponent("broken/games-out-of-range.json")
        let catalog = SessionLoader.load(files: [url], log: &log)
        #expect(catalog.gameUsers.isEmpty)
        let messages = log.errors.map(\.description)
        #expect(messages.count == 2)
        #expect(messages[0].contains("games-out-of-range.json:8:56: error: [0].games[1].balance: game \"g2\": balance score 11 is outside 0–10"))
        #expect(messages[1].contains("[0].games[1].dexterity: game \"g2\": dexterity score \"abc\" is not a number"))
    }

    @Test func duplicateGameIdsAndMissingScores() throws {
        var log = DiagnosticLog()
        let text = Self.export([Self.game("g1", day: 1), Self.game("g1", day: 2),
                                Self.game("g3", day: 3).replacingOccurrences(of: "\"speech\": 5, ", with: "")])
        #expect(try read(text, log: &log).isEmpty)
        #expect(log.errors.contains { $0.message.contains("duplicate gid \"g1\"") })
        #expect(log.errors.contains { $0.message.contains("\"speech\" is missing") })
        #expect(try read("{ \"uid\": 1 }", log: &log).isEmpty)
        #expect(log.errors.last?.message.contains("JSON array of users") == true)
    }

    @Test func periodsAreSevenDayWindowsEndingAtTheLastGame() throws {
        var log = DiagnosticLog()
        let users = try read(Self.export([1, 3, 9, 12, 15, 16].map { Self.game("g\($0)", day: $0) }), log: &log)
        let user = try #require(users.first)
        // Last game on the 16th at 10:00: the latest period is after the 9th at 10:00, the one before after the 2nd.
        #expect(user.periods.latest.map(\.id) == ["g12", "g15", "g16"])
        #expect(user.periods.previous.map(\.id) == ["g3", "g9"])
    }

    @Test func theEmailAddressIsNotKept() throws {
        var log = DiagnosticLog()
        let users = try read(Self.export([Self.game("g1", day: 1)]), log: &log)
        #expect(!String(describing: users).contains("example.invalid"))
    }
}
