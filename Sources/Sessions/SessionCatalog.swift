/// Everything read from session files: the input of the session documents.
public struct SessionCatalog: Sendable, Equatable {
    /// Acuity sessions.
    public var acuity: [AcuitySession] = []
    /// Note outlines (used by note sessions; not documents themselves).
    public var outlines: [NoteOutline] = []
    /// Note sessions.
    public var notes: [NoteSession] = []
    /// Veterinary incidents.
    public var incidents: [Incident] = []
    /// Users of the rehabilitation games app.
    public var gameUsers: [GameUser] = []

    /// Creates an empty catalog.
    public init() {}

    /// Whether there is no session at all.
    public var isEmpty: Bool { acuity.isEmpty && notes.isEmpty && incidents.isEmpty && gameUsers.isEmpty }

    /// The incidents grouped per day, for the day digests.
    public var incidentDays: [IncidentDay] { IncidentDay.days(of: incidents) }
}
