import Diagnostics
import Foundation

/// Reads the PARKinetics app's Realtime Database as the Firebase console exports it:
/// `{"users": {"<push id>": {"username", "email", "games": {"<push id>": {"type": "AG"|"FT"|"SD",
/// "time": <week of year> | "yyyy-MM-dd HH:mm:ss", "balance"|"facial"|"speech"|"dexterity"|"posture": "0".."100"}}}}}`.
///
/// Scores are strings 0–100. A game writes "50" for the skills it does not measure (AG measures facial
/// and speech, FT dexterity, SD balance and posture): those are dropped, never plotted or averaged.
/// The e-mail address is read past and never kept.
enum FirebaseGamesReader {
    /// The users in `document`, or `[]` with diagnostics when anything is wrong. `year` is the year of
    /// week-numbered games when no dated game in the file tells it.
    static func read(_ document: JSONDocument, year settingsYear: Int? = nil, log: inout DiagnosticLog) -> [GameUser] {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        let root = document.rootNode
        root.warnUnknownKeys(["users"], log: &fileLog)
        guard let usersNode = root.object("users", log: &fileLog) else { return [] }
        struct Pending {
            var uid: String
            var username: String
            var games: [(id: String, type: String, time: Timestamp?, week: Int?, scores: GameScores, node: JSONNode)]
            var node: JSONNode
        }
        var pending: [Pending] = []
        // Push ids sort in creation order.
        for (uid, userNode) in usersNode.sortedMembers {
            guard userNode.expectObject(log: &fileLog) else { continue }
            userNode.warnUnknownKeys(["username", "email", "games"], log: &fileLog)
            let username = userNode.nonEmptyString("username", log: &fileLog)
            var games: [(id: String, type: String, time: Timestamp?, week: Int?, scores: GameScores, node: JSONNode)] = []
            if let gamesNode = userNode.object("games", required: false, log: &fileLog) {
                for (gid, gameNode) in gamesNode.sortedMembers {
                    guard gameNode.expectObject(log: &fileLog),
                          let game = readGame(gameNode, id: gid, log: &fileLog) else { continue }
                    games.append(game)
                }
            }
            if let username { pending.append(Pending(uid: uid, username: username, games: games, node: userNode)) }
        }
        // The year of week-numbered games: the latest dated game in the file, else loupe.yml.
        let fileYear = pending.flatMap(\.games).compactMap(\.time).max().flatMap { Int($0.day.prefix(4)) }
        let year = fileYear ?? settingsYear
        if fileLog.hasErrors { return [] }
        // Calendar arithmetic is slow on Linux: one stand-in per week, not per game.
        var standIns: [Int: Timestamp] = [:]
        func standIn(_ week: Int) -> Timestamp {
            if let known = standIns[week] { return known }
            let value = Self.standIn(week: week, year: year)
            standIns[week] = value
            return value
        }
        return pending.map { user in
            let games = user.games.map { game -> RehabGame in
                if let week = game.week {
                    return RehabGame(id: game.id, type: game.type, time: standIn(week),
                                     week: RehabGame.Week(week: week, year: year), scores: game.scores, source: game.node.location)
                }
                return RehabGame(id: game.id, type: game.type, time: game.time ?? standIn(1),
                                 scores: game.scores, source: game.node.location)
            }
            return GameUser(uid: user.uid, username: user.username, games: games, source: user.node.location, scoreMaximum: 100)
        }
    }

    /// A time for ordering a week-numbered game: the week's first day (from 1 January), never shown.
    static func standIn(week: Int, year: Int?) -> Timestamp {
        let start = Timestamp(parsing: String(format: "%04d-01-01", year ?? 1970))?.instant ?? Date(timeIntervalSince1970: 0)
        let instant = start.addingTimeInterval(Double(max(week - 1, 0)) * 7 * 24 * 3600)
        return Timestamp(secondsSince1970: instant.timeIntervalSince1970)
    }

    private static func readGame(_ node: JSONNode, id: String, log: inout DiagnosticLog)
        -> (id: String, type: String, time: Timestamp?, week: Int?, scores: GameScores, node: JSONNode)? {
        node.warnUnknownKeys(Set(["type", "time"] + GameAxis.allCases.map(\.rawValue)), log: &log)
        let name = "game \"\(id)\""
        let type = node.nonEmptyString("type", log: &log)
        var time: Timestamp?
        var week: Int?
        if let timeNode = node.required("time", log: &log) {
            if let number = timeNode.numberValue {
                if number == number.rounded(), (1...53).contains(number) {
                    week = Int(number)
                } else {
                    timeNode.error("\(name): time \(NumberScale.format(number)) is not a week of the year (1–53)", log: &log)
                }
            } else if let text = timeNode.stringValue, let parsed = Timestamp(parsing: text) {
                time = parsed
            } else {
                timeNode.error("\(name): time is a week of the year (1–53) or a date \"yyyy-MM-dd HH:mm:ss\"", log: &log)
            }
        }
        let measured = type.flatMap { RehabGame.measuredAxes[$0] } ?? Set(GameAxis.allCases)
        var scores: [GameAxis: Double] = [:]
        for axis in GameAxis.allCases {
            guard let scoreNode = node.required(axis.rawValue, log: &log) else { continue }
            var value = scoreNode.numberValue
            if value == nil, let text = scoreNode.stringValue?.trimmingCharacters(in: .whitespaces),
               !text.isEmpty, text.allSatisfy(\.isASCII) {
                value = Double(text)
            }
            guard let score = value, score.isFinite else {
                let found = scoreNode.stringValue.map { "\"\($0)\"" } ?? scoreNode.kindName
                scoreNode.error("\(name): \(axis.rawValue) score \(found) is not a number; scores are \"0\" to \"100\"", log: &log)
                continue
            }
            guard (0...100).contains(score) else {
                scoreNode.error("\(name): \(axis.rawValue) score \(NumberScale.format(score)) is outside 0–100", log: &log)
                continue
            }
            if measured.contains(axis) { scores[axis] = score }
        }
        guard let type, time != nil || week != nil, !log.hasErrors else { return nil }
        return (id, type, time, week, GameScores(scores), node)
    }
}
