import Foundation
import Sessions

extension SessionReporter {
    static func gameSlug(_ game: RehabGame, of user: GameUser) -> String {
        SessionID.slug(user.uid) + "-" + SessionID.slug(game.id)
    }

    func gameDocument(_ game: RehabGame, of user: GameUser, position: Int, average: GameScores) -> SessionDocument {
        let title = "\(game.typeName) — \(user.username), \(game.dayText)"
        let scale = user.scoreMaximum
        let chart = RadarChart(
            axes: GameAxis.allCases.map { game.scores[$0] == nil ? "\($0.displayName) (not measured)" : $0.displayName },
            series: [
                .init(name: "This game", values: GameAxis.allCases.map { game.scores[$0] }, isPrimary: true),
                .init(name: "Average of \(position) game\(position == 1 ? "" : "s")",
                      values: GameAxis.allCases.map { game.scores[$0] == nil ? nil : average[$0] }, isPrimary: false),
            ],
            maximum: scale,
            title: "Radar chart: \(game.typeName) scores against the average so far")
        let context: [String: Any] = [
            "title": title,
            "username": user.username,
            "type": game.typeName,
            "gid": game.id,
            "time": game.timeText,
            "scale": NumberScale.format(scale),
            "position": String(position),
            "gameCount": String(user.games.count),
            "radar": chart.svg(),
            "scores": GameAxis.allCases.map { axis -> [String: Any] in
                guard let value = game.scores[axis], let mean = average[axis] else {
                    return ["axis": axis.displayName, "score": "not measured", "average": "—", "difference": "—"]
                }
                let difference = value - mean
                let digits = scale > 10 ? 0 : 1
                let zero = scale > 10 ? 0.5 : 0.05
                return [
                    "axis": axis.displayName,
                    "score": Self.score(value, scale: scale),
                    "average": Self.score(mean, scale: scale),
                    "difference": abs(difference) < zero ? "±" + VisualAcuity.fixed(0, digits: digits)
                        : (difference > 0 ? "+" : "−") + Self.score(abs(difference), scale: scale),
                ]
            },
            "progressLink": "../game-progress/\(SessionID.slug(user.uid)).html",
        ]
        return SessionDocument(kind: "games", slug: Self.gameSlug(game, of: user), template: "game", title: title,
                               date: game.week == nil ? game.time.minutePrecision : game.time.day, context: context)
    }

    func progressDocument(_ user: GameUser) -> SessionDocument {
        let title = "Rehabilitation progress — \(user.username)"
        let periods = user.periods
        let latest = GameScores.mean(of: periods.latest.map(\.scores))
        let previous = GameScores.mean(of: periods.previous.map(\.scores))
        let scale = user.scoreMaximum
        let isWeekly = user.games.contains { $0.week != nil }
        var series: [RadarChart.Series] = []
        if let latest {
            series.append(.init(name: "Last 7 days (\(periods.latest.count))", values: GameAxis.allCases.map { latest[$0] }, isPrimary: true))
        }
        if let previous {
            series.append(.init(name: "7 days before (\(periods.previous.count))", values: GameAxis.allCases.map { previous[$0] }, isPrimary: false))
        }
        let radar = RadarChart(axes: GameAxis.allCases.map(\.displayName), series: series, maximum: scale,
                               title: "Radar chart: latest period's average scores against the previous period")
        let histories: [[String: Any]] = GameAxis.allCases.map { axis in
            // Only games that measured this skill: a "not measured" score is never plotted.
            let measured = user.games.compactMap { game in game.scores[axis].map { (game, $0) } }
            let chart = LineChart(
                points: measured.map { LineChart.Point(time: $0.0.time.instant, value: $0.1, label: $0.0.dayText) },
                maximum: scale,
                title: "Line chart: \(axis.displayName) score in each game that measures it")
            let values = measured.map(\.1)
            return [
                "axis": axis.displayName,
                "chart": chart.svg(),
                "hasValues": !values.isEmpty,
                "first": values.first.map { Self.score($0, scale: scale) } ?? "",
                "last": values.last.map { Self.score($0, scale: scale) } ?? "",
                "best": values.max().map { Self.score($0, scale: scale) } ?? "",
            ]
        }
        let context: [String: Any] = [
            "title": title,
            "username": user.username,
            "gameCount": String(user.games.count),
            "hasGames": !user.games.isEmpty,
            "firstDay": user.games.first?.dayText ?? "",
            "lastDay": user.games.last?.dayText ?? "",
            "scale": NumberScale.format(scale),
            "period": isWeekly ? "week" : "7 days",
            "radar": radar.svg(),
            "hasPrevious": previous != nil,
            "latestCount": periods.latest.count == 1 ? "1 game" : "\(periods.latest.count) games",
            "previousCount": periods.previous.count == 1 ? "1 game" : "\(periods.previous.count) games",
            "periodScores": GameAxis.allCases.map { axis -> [String: Any] in
                [
                    "axis": axis.displayName,
                    "latest": latest?[axis].map { Self.score($0, scale: scale) } ?? "—",
                    "previous": previous?[axis].map { Self.score($0, scale: scale) } ?? "—",
                ]
            },
            "histories": histories,
            "games": user.games.reversed().map { game -> [String: Any] in
                var row: [String: Any] = [
                    "link": "../games/\(Self.gameSlug(game, of: user)).html",
                    "time": game.timeText,
                    "type": game.typeName,
                ]
                for axis in GameAxis.allCases { row[axis.rawValue] = game.scores[axis].map { Self.score($0, scale: scale) } ?? "—" }
                return row
            },
        ]
        return SessionDocument(kind: "game-progress", slug: SessionID.slug(user.uid), template: "game-progress",
                               title: title, date: user.games.last.map { $0.week == nil ? $0.time.minutePrecision : $0.time.day },
                               context: context)
    }

    /// A score with one decimal on the 0–10 scale (`7.5`), whole on the 0–100 scale (`75`).
    static func score(_ value: Double, scale: Double = 10) -> String {
        VisualAcuity.fixed(value, digits: scale > 10 ? 0 : 1)
    }
}
