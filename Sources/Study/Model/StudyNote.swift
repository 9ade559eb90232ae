import Diagnostics
import Foundation

/// A note on a card, from an export (plain text) or a Markdown note file.
public struct StudyNote: Sendable, Equatable {
    /// How the note's text is to be read.
    public enum Format: String, Sendable, Equatable, Codable {
        /// Plain text typed in the browser: shown as text, never markup.
        case plainText
        /// A `notes/*.md` file: Markdown, raw HTML disabled.
        case markdown
    }

    /// The card id the note belongs to.
    public var card: String
    /// The note's text.
    public var text: String
    /// How to read `text`.
    public var format: Format
    /// When the note was last edited, when known.
    public var updatedAt: Date?
    /// Where the note came from.
    public var source: SourceLocation

    /// Creates a note.
    public init(card: String, text: String, format: Format, updatedAt: Date? = nil, source: SourceLocation) {
        self.card = card
        self.text = text
        self.format = format
        self.updatedAt = updatedAt
        self.source = source
    }
}
