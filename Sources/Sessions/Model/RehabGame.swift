import Diagnostics

/// One game played in the rehabilitation games app: a session of §6.4.
public struct RehabGame: Sendable, Equatable {
    /// A week of a year, as the app's Firebase writer records `time` (`Calendar.current.component(.weekOfYear, …)`).
    public struct Week: Sendable, Equatable {
        /// The week number, 1–53.
        public var week: Int
        /// The year, when the file or `loupe.yml` tells it.
        public var year: Int?

        /// Creates a week.
        public init(week: Int, year: Int?) {
            self.week = week
            self.year = year
        }

        /// `week 27 of 2026`, or `week 27 (year not recorded)`.
        public var text: String {
            year.map { "week \(week) of \($0)" } ?? "week \(week) (year not recorded)"
        }
    }

    /// The game's id within its user (`gid`, or the Firebase push id).
    public var id: String
    /// The game type, as the app names it (`AG`, `FT`, `SD`, or a name).
    public var type: String
    /// When it was played; for a game recorded by week only, a stand-in used for ordering, never shown.
    public var time: Timestamp
    /// The week it was played, when the app recorded only that.
    public var week: Week?
    /// The scores of the skills it measures.
    public var scores: GameScores
    /// Where it is in the export.
    public var source: SourceLocation

    /// Creates a game.
    public init(id: String, type: String, time: Timestamp, week: Week? = nil, scores: GameScores, source: SourceLocation) {
        self.id = id
        self.type = type
        self.time = time
        self.week = week
        self.scores = scores
        self.source = source
    }

    /// When it was played, as shown: `2026-07-02 09:30` or `week 27 of 2026`.
    public var timeText: String { week?.text ?? time.minutePrecision }

    /// The day, as shown: `2026-07-02` or `week 27 of 2026`.
    public var dayText: String { week?.text ?? time.day }

    /// The game's name: the app's codes get their games' names (`AG` → Adventure Game).
    public var typeName: String { Self.names[type] ?? type }

    /// The games of the PARKinetics app by type code.
    public static let names: [String: String] = ["AG": "Adventure Game", "FT": "Finger Twister", "SD": "Shadow DDR"]

    /// The skills each of the app's games measures; it writes "50" for the others.
    public static let measuredAxes: [String: Set<GameAxis>] = [
        "AG": [.facial, .speech], "FT": [.dexterity], "SD": [.balance, .posture],
    ]
}
