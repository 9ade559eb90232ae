import Foundation
import Sessions

extension SessionReporter {
    static func gameSlug(_ game: RehabGame, of user: GameUser) -> String {
        SessionID.slug(user.uid) + "-" + SessionID.slug(game.id)
    }

    func gameDocument(_ game: RehabGame, of user: GameUser) -> SessionDocument {
        let title = "\(game.type) — \(user.username), \(game.time.day)"
        let average = user.averageSoFar(through: game) ?? game.scores
        let position = (user.games.firstIndex(of: game) ?? 0) + 1
        let chart = RadarChart(
            axes: GameAxis.allCases.map(\.displayName),
            series: [
                .init(name: "This game", values: GameAxis.allCases.map { game.scores[$0] }, isPrimary: true),
                .init(name: "Average of \(position) game\(position == 1 ? "" : "s")", values: GameAxis.allCases.map { average[$0] }, isPrimary: false),
            ],
            title: "Radar chart: \(game.type) scores against the average so far")
        let context: [String: Any] = [
            "title": title,
            "username": user.username,
            "type": game.type,
            "gid": game.id,
            "time": game.time.minutePrecision,
            "position": String(position),
            "gameCount": String(user.games.count),
            "radar": chart.svg(),
            "scores": GameAxis.allCases.map { axis -> [String: Any] in
                let difference = game.scores[axis] - average[axis]
                return [
                    "axis": axis.displayName,
                    "score": Self.score(game.scores[axis]),
                    "average": Self.score(average[axis]),
                    "difference": abs(difference) < 0.05 ? "±0.0" : (difference > 0 ? "+" : "−") + Self.score(abs(difference)),
                ]
            },
            "progressLink": "../game-progress/\(SessionID.slug(user.uid)).html",
        ]
        return SessionDocument(kind: "games", slug: Self.gameSlug(game, of: user), template: "game", title: title,
                               date: game.time.minutePrecision, context: context)
    }

    func progressDocument(_ user: GameUser) -> SessionDocument {
        let title = "Rehabilitation progress — \(user.username)"
        let periods = user.periods
        let latest = GameScores.mean(of: periods.latest.map(\.scores))
        let previous = GameScores.mean(of: periods.previous.map(\.scores))
        var series: [RadarChart.Series] = []
        if let latest {
            series.append(.init(name: "Last 7 days (\(periods.latest.count))", values: GameAxis.allCases.map { latest[$0] }, isPrimary: true))
        }
        if let previous {
            series.append(.init(name: "7 days before (\(periods.previous.count))", values: GameAxis.allCases.map { previous[$0] }, isPrimary: false))
        }
        let radar = RadarChart(axes: GameAxis.allCases.map(\.displayName), series: series,
                               title: "Radar chart: latest period's average scores against the previous period")
        let histories: [[String: Any]] = GameAxis.allCases.map { axis in
            let chart = LineChart(
                points: user.games.map { LineChart.Point(time: $0.time.instant, value: $0.scores[axis], label: $0.time.day) },
                title: "Line chart: \(axis.displayName) score in each game")
            let values = user.games.map { $0.scores[axis] }
            return [
                "axis": axis.displayName,
                "chart": chart.svg(),
                "first": values.first.map(Self.score) ?? "",
                "last": values.last.map(Self.score) ?? "",
                "best": values.max().map(Self.score) ?? "",
            ]
        }
        let context: [String: Any] = [
            "title": title,
            "username": user.username,
            "gameCount": String(user.games.count),
            "hasGames": !user.games.isEmpty,
            "firstDay": user.games.first?.time.day ?? "",
            "lastDay": user.games.last?.time.day ?? "",
            "radar": radar.svg(),
            "hasPrevious": previous != nil,
            "latestCount": String(periods.latest.count),
            "previousCount": String(periods.previous.count),
            "periodScores": GameAxis.allCases.map { axis -> [String: Any] in
                [
                    "axis": axis.displayName,
                    "latest": latest.map { Self.score($0[axis]) } ?? "—",
                    "previous": previous.map { Self.score($0[axis]) } ?? "—",
                ]
            },
            "histories": histories,
            "games": user.games.reversed().map { game -> [String: Any] in
                var row: [String: Any] = [
                    "link": "../games/\(Self.gameSlug(game, of: user)).html",
                    "time": game.time.minutePrecision,
                    "type": game.type,
                ]
                for axis in GameAxis.allCases { row[axis.rawValue] = Self.score(game.scores[axis]) }
                return row
            },
        ]
        return SessionDocument(kind: "game-progress", slug: SessionID.slug(user.uid), template: "game-progress",
                               title: title, date: user.games.last?.time.minutePrecision, context: context)
    }

    /// A score with one decimal: `7.5`.
    static func score(_ value: Double) -> String { VisualAcuity.fixed(value, digits: 1) }
}
