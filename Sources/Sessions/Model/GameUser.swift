import Diagnostics
import Foundation

/// A user of the rehabilitation games app and their games, in time order.
///
/// The export's e-mail address is deliberately not kept: it is read past and never reaches a document.
public struct GameUser: Sendable, Equatable {
    /// The app's user id (`uid`).
    public var uid: String
    /// The display name.
    public var username: String
    /// Games, oldest first (ties by id).
    public var games: [RehabGame]
    /// Where the user is in the export.
    public var source: SourceLocation
    /// The top of the score scale: 10 in the history export, 100 in the app's Firebase database.
    public var scoreMaximum: Double

    /// Creates a user; games are put in time order.
    public init(uid: String, username: String, games: [RehabGame], source: SourceLocation, scoreMaximum: Double = 10) {
        self.uid = uid
        self.username = username
        self.scoreMaximum = scoreMaximum
        self.games = games.sorted { $0.time != $1.time ? $0.time < $1.time : $0.id < $1.id }
        self.source = source
    }

    /// The mean of the games up to and including `game` (in time order): "the average so far".
    public func averageSoFar(through game: RehabGame) -> GameScores? {
        guard let index = games.firstIndex(of: game) else { return nil }
        return GameScores.mean(of: games[...index].map(\.scores))
    }

    /// The average so far after each game, in game order, computed in one pass (60,000 games in
    /// milliseconds, where ``averageSoFar(through:)`` per game would be quadratic).
    public var runningAverages: [GameScores] {
        var sums: [GameAxis: Double] = [:]
        var counts: [GameAxis: Int] = [:]
        var result: [GameScores] = []
        result.reserveCapacity(games.count)
        for game in games {
            for (axis, value) in game.scores.values {
                sums[axis, default: 0] += value
                counts[axis, default: 0] += 1
            }
            var mean: [GameAxis: Double] = [:]
            for (axis, sum) in sums { mean[axis] = sum / Double(counts[axis] ?? 1) }
            result.append(GameScores(mean))
        }
        return result
    }

    /// The length of a progress period: seven days.
    public static let periodLength: TimeInterval = 7 * 24 * 3600

    /// The latest period (the seven days ending with the last game) and the one before it.
    public var periods: (latest: [RehabGame], previous: [RehabGame]) {
        guard let last = games.last?.time.instant else { return ([], []) }
        let latestStart = last.addingTimeInterval(-Self.periodLength)
        let previousStart = latestStart.addingTimeInterval(-Self.periodLength)
        let latest = games.filter { $0.time.instant > latestStart }
        let previous = games.filter { $0.time.instant > previousStart && $0.time.instant <= latestStart }
        return (latest, previous)
    }
}
