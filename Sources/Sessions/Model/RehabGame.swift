import Diagnostics

/// One game played in the rehabilitation games app: a session of §6.4.
public struct RehabGame: Sendable, Equatable {
    /// The game's id within its user (`gid`).
    public var id: String
    /// The game type, as the app names it.
    public var type: String
    /// When it was played.
    public var time: Timestamp
    /// The five scores.
    public var scores: GameScores
    /// Where it is in the export.
    public var source: SourceLocation

    /// Creates a game.
    public init(id: String, type: String, time: Timestamp, scores: GameScores, source: SourceLocation) {
        self.id = id
        self.type = type
        self.time = time
        self.scores = scores
        self.source = source
    }
}
