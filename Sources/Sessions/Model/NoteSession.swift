import Diagnostics

/// A recorded note session: per trial, each input's value(s) and when it was completed (§6.2).
public struct NoteSession: Sendable, Equatable {
    /// The session's id.
    public var id: String
    /// The outline it follows.
    public var outline: NoteOutline
    /// When the session started, when recorded.
    public var started: Timestamp?
    /// Who recorded it, when given.
    public var clinician: String?
    /// The patient or subject the note names, when it does.
    public var subject: String?
    /// The trials, in order.
    public var trials: [NoteTrial]
    /// The file it was read from.
    public var source: SourceLocation

    /// Creates a session.
    public init(id: String, outline: NoteOutline, started: Timestamp? = nil, clinician: String? = nil,
                trials: [NoteTrial], source: SourceLocation) {
        self.id = id
        self.outline = outline
        self.started = started
        self.clinician = clinician
        self.trials = trials
        self.source = source
    }
}

/// One trial of a note session.
public struct NoteTrial: Sendable, Equatable {
    /// The trial's number, from 1.
    public var number: Int
    /// Recorded entries by input id; inputs absent here were never recorded.
    public var entries: [String: NoteEntry]

    /// Creates a trial.
    public init(number: Int, entries: [String: NoteEntry]) {
        self.number = number
        self.entries = entries
    }
}

/// What was recorded for one input in one trial.
public struct NoteEntry: Sendable, Equatable {
    /// The value(s), options first, then the "other" value if any.
    public var values: [NoteValue]
    /// When the input was completed, when recorded.
    public var completed: Timestamp?

    /// Creates an entry.
    public init(values: [NoteValue], completed: Timestamp? = nil) {
        self.values = values
        self.completed = completed
    }
}

/// One recorded value.
public enum NoteValue: Sendable, Equatable {
    /// One of the input's options.
    case option(String)
    /// A value typed in instead of the options.
    case other(String)
    /// A number on a scale.
    case number(Double)
    /// Free text.
    case text(String)

    /// Whether this is an "other" value.
    public var isOther: Bool {
        if case .other = self { return true }
        return false
    }
}
