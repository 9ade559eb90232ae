import Diagnostics
import Foundation

/// A veterinary incident (§6.3).
public struct Incident: Sendable, Equatable {
    /// The incident's id.
    public var id: String
    /// When it was created.
    public var created: Timestamp
    /// A short description, when given.
    public var summary: String?
    /// Whether it is an emergency.
    public var isEmergency: Bool
    /// The responsible veterinarian.
    public var veterinarian: String
    /// The animal, when one is recorded.
    public var patient: Patient?
    /// Notes, in order.
    public var notes: [IncidentNote]
    /// Attached photos.
    public var photos: [Attachment]
    /// Attached audio recordings.
    public var recordings: [Attachment]
    /// The file it was read from.
    public var source: SourceLocation

    /// Creates an incident.
    public init(id: String, created: Timestamp, summary: String? = nil, isEmergency: Bool, veterinarian: String,
                patient: Patient? = nil, notes: [IncidentNote] = [], photos: [Attachment] = [],
                recordings: [Attachment] = [], source: SourceLocation) {
        self.id = id
        self.created = created
        self.summary = summary
        self.isEmergency = isEmergency
        self.veterinarian = veterinarian
        self.patient = patient
        self.notes = notes
        self.photos = photos
        self.recordings = recordings
        self.source = source
    }

    /// The sum of the notes' costs, in euros.
    public var totalCost: Decimal { notes.compactMap(\.cost).reduce(0, +) }
}
