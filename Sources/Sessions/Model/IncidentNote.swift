import Foundation

/// One note of an incident, with an optional cost in euros.
public struct IncidentNote: Sendable, Equatable {
    /// When it was written, when recorded.
    public var time: Timestamp?
    /// The note's text.
    public var text: String
    /// Its cost in euros, when it has one.
    public var cost: Decimal?

    /// Creates a note.
    public init(time: Timestamp? = nil, text: String, cost: Decimal? = nil) {
        self.time = time
        self.text = text
        self.cost = cost
    }
}
