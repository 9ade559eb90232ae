import Diagnostics
import Foundation

/// Reads the rehabilitation games app's history export: a JSON array of users with their games.
enum GameHistoryReader {
    /// The users in `document`, or `[]` with diagnostics when anything is wrong.
    static func read(_ document: JSONDocument, log: inout DiagnosticLog) -> [GameUser] {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        let root = document.rootNode
        guard let userNodes = root.elements else {
            root.error("the games export is a JSON array of users [{\"uid\": …, \"username\": …, \"games\": […]}], found \(root.kindName)", log: &fileLog)
            return []
        }
        var users: [GameUser] = []
        var seenUIDs: [String: JSONPath] = [:]
        for node in userNodes {
            guard node.expectObject(log: &fileLog) else { continue }
            node.warnUnknownKeys(["uid", "username", "email", "games"], log: &fileLog)
            let uid = identifier(node, "uid", log: &fileLog)
            let username = node.nonEmptyString("username", log: &fileLog)
            if let uid {
                if let earlier = seenUIDs[uid] {
                    node.member("uid")?.error("duplicate uid \"\(uid)\" (also at \(earlier)); each user appears once", log: &fileLog)
                }
                seenUIDs[uid] = node.path
            }
            var games: [RehabGame] = []
            var seenGIDs: [String: JSONPath] = [:]
            for gameNode in node.array("games", log: &fileLog) ?? [] {
                guard let game = readGame(gameNode, log: &fileLog) else { continue }
                if let earlier = seenGIDs[game.id] {
                    gameNode.error("duplicate gid \"\(game.id)\" (also at \(earlier)); each game of a user has its own gid", log: &fileLog)
                }
                seenGIDs[game.id] = gameNode.path
                games.append(game)
            }
            if let uid, let username {
                users.append(GameUser(uid: uid, username: username, games: games, source: node.location))
            }
        }
        return fileLog.hasErrors ? [] : users
    }

    /// An id written as a string or a whole number.
    private static func identifier(_ node: JSONNode, _ key: String, log: inout DiagnosticLog) -> String? {
        guard let child = node.required(key, log: &log) else { return nil }
        if let text = child.stringValue?.trimmingCharacters(in: .whitespaces), !text.isEmpty { return text }
        if let number = child.numberValue, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        child.error("\(key) must be a non-empty string or a whole number", log: &log)
        return nil
    }

    private static func readGame(_ node: JSONNode, log: inout DiagnosticLog) -> RehabGame? {
        guard node.expectObject(log: &log) else { return nil }
        node.warnUnknownKeys(Set(["gid", "type", "time"] + GameAxis.allCases.map(\.rawValue)), log: &log)
        let gid = identifier(node, "gid", log: &log)
        let name = gid.map { "game \"\($0)\"" } ?? "this game"
        let type = node.nonEmptyString("type", log: &log)
        var time: Timestamp?
        if let timeNode = node.required("time", log: &log) {
            if let seconds = timeNode.numberValue {
                // The app writes seconds since 1970; values beyond year 5000 in seconds are milliseconds.
                time = Timestamp(secondsSince1970: seconds > 95_617_584_000 ? seconds / 1000 : seconds)
            } else {
                time = SessionFields.timestamp(timeNode, log: &log)
            }
        }
        var scores: [GameAxis: Double] = [:]
        for axis in GameAxis.allCases {
            guard let scoreNode = node.required(axis.rawValue, log: &log) else { continue }
            var value = scoreNode.numberValue
            if value == nil, let text = scoreNode.stringValue?.trimmingCharacters(in: .whitespaces) {
                value = Double(text)
            }
            guard let score = value, score.isFinite else {
                let found = scoreNode.stringValue.map { "\"\($0)\"" } ?? scoreNode.kindName
                scoreNode.error("\(name): \(axis.rawValue) score \(found) is not a number; scores are numbers from 0 to 10", log: &log)
                continue
            }
            guard (0...10).contains(score) else {
                scoreNode.error("\(name): \(axis.rawValue) score \(NumberScale.format(score)) is outside 0–10", log: &log)
                continue
            }
            scores[axis] = score
        }
        guard let gid, let type, let time, scores.count == GameAxis.allCases.count else { return nil }
        return RehabGame(id: gid, type: type, time: time, scores: GameScores(scores), source: node.location)
    }
}
