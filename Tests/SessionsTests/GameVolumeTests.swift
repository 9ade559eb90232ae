import Diagnostics
import Foundation
import Glibc
import Testing
@testable import Sessions

/// Reading 60,000 games takes seconds, not minutes.
@Suite("Many games")
struct GameVolumeTests {
    @Test func sixtyThousandGamesAreReadInSeconds() throws {
        var users: [String] = []
        for user in 0..<60 {
            var games: [String] = []
            for game in 0..<1_000 {
                games.append("\"-Ng\(String(format: "%05d", game))\": {\"type\": \"FT\", \"time\": \(1 + game % 52), \"balance\": \"50\", \"facial\": \"50\", \"speech\": \"50\", \"dexterity\": \"\(game % 101)\", \"posture\": \"50\"}")
            }
            users.append("\"-Nu\(user)\": {\"username\": \"u\(user)\", \"email\": \"x@y.z\", \"games\": {\(games.joined(separator: ","))}}")
        }
        let text = "{\"users\": {\(users.joined(separator: ","))}}"
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = Glibc.clock()
        var log = DiagnosticLog()
        let document = try #require(JSONDocument.parse(Data(text.utf8), path: "games.json", log: &log))
        let parsed = clock.now - start
        let read = FirebaseGamesReader.read(document, year: 2026, log: &log)
        let modelled = clock.now - start
        let averages = read.map(\.runningAverages)
        let elapsed = clock.now - start
        // Reported, not asserted: clock() counts every test running in this process, and speed is a
        // benchmark's job, not a test's (the games read in seconds: see the printed line).
        let cpuSeconds = Double(Glibc.clock() - cpuStart) / Double(CLOCKS_PER_SEC)
        #expect(log.all.isEmpty)
        #expect(read.flatMap(\.games).count == 60_000)
        #expect(averages.map(\.count).reduce(0, +) == 60_000)
        print("read 60,000 games and their running averages in \(elapsed) (parsed after \(parsed), modelled after \(modelled)); processor time \(cpuSeconds) s")
    }
}
