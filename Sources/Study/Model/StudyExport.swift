import Diagnostics
import Foundation

/// One study export file: progress, notes and the review log saved from the site (format version 1).
public struct StudyExport: Sendable, Equatable {
    /// The value of the `format` field.
    public static let formatName = "loupe-study"
    /// The newest format version this Loupe reads and writes.
    public static let currentVersion = 1

    /// The file's format version.
    public var version: Int
    /// The deck the export was made from (`data-deck` of the site), when given.
    public var deck: String?
    /// When the export was made, when given.
    public var exportedAt: Date?
    /// Repeat factors by card.
    public var progress: [CardProgress]
    /// Notes typed in the browser.
    public var notes: [StudyNote]
    /// The raw review log, oldest first.
    public var reviews: [StudyReview]
    /// The file, as shown in diagnostics.
    public var path: String

    /// Creates an export.
    public init(version: Int = StudyExport.currentVersion, deck: String? = nil, exportedAt: Date? = nil,
                progress: [CardProgress] = [], notes: [StudyNote] = [], reviews: [StudyReview] = [], path: String) {
        self.version = version
        self.deck = deck
        self.exportedAt = exportedAt
        self.progress = progress
        self.notes = notes
        self.reviews = reviews
        self.path = path
    }
}
