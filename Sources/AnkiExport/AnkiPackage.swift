import Foundation

/// What goes into an Anki export: one note type, notes with their cards and decks, and media.
///
/// Everything here is already decided by the caller (field HTML, deck names, GUIDs); the writers
/// only lay it out as Anki expects, with ids derived from names so two exports agree.
public struct AnkiPackage: Sendable, Equatable {
    /// The note type every note uses.
    public var noteType: AnkiNoteType
    /// Notes in deck order (new cards are studied in this order).
    public var notes: [AnkiNote]
    /// Media files the fields name, in first-use order.
    public var media: [AnkiMediaFile]
    /// Seconds since 1970 written as the modification time of notes, cards, decks and the collection.
    public var timestamp: Int64

    /// Creates a package.
    public init(noteType: AnkiNoteType, notes: [AnkiNote], media: [AnkiMediaFile], timestamp: Int64) {
        self.noteType = noteType
        self.notes = notes
        self.media = media
        self.timestamp = timestamp
    }

    /// The newest modification time of any note: the time of the collection, its decks and note type and
    /// the zip entries, so a package whose notes all kept their earlier times is byte-identical to before.
    public var modifiedTime: Int64 {
        notes.map { $0.modified ?? timestamp }.max() ?? timestamp
    }

    /// Every deck the notes use, parents included (`A`, `A::B`, `A::B::C`), sorted by name.
    public var deckNames: [String] {
        var names = Set<String>()
        for note in notes {
            let parts = note.deck.components(separatedBy: "::")
            for end in 1...max(1, parts.count) { names.insert(parts[0..<end].joined(separator: "::")) }
        }
        return names.sorted()
    }
}

/// An Anki note type ("model"): fields and one card template per card kind.
public struct AnkiNoteType: Sendable, Equatable {
    /// The name shown in Anki.
    public var name: String
    /// Field names in order.
    public var fields: [String]
    /// Card templates in order; a template's index is its card ordinal.
    public var templates: [AnkiTemplate]
    /// The index of the field Anki's browser sorts by.
    public var sortField: Int
    /// The card styling.
    public var css: String

    /// Creates a note type.
    public init(name: String, fields: [String], templates: [AnkiTemplate], sortField: Int = 0, css: String) {
        self.name = name
        self.fields = fields
        self.templates = templates
        self.sortField = sortField
        self.css = css
    }
}

/// One card template: the front (question) and back (answer) in Anki's template language.
public struct AnkiTemplate: Sendable, Equatable {
    /// The template name shown in Anki.
    public var name: String
    /// The front.
    public var front: String
    /// The back.
    public var back: String
    /// The field whose content decides whether the card exists (its index in ``AnkiNoteType/fields``).
    public var requiredField: Int

    /// Creates a template.
    public init(name: String, front: String, back: String, requiredField: Int) {
        self.name = name
        self.front = front
        self.back = back
        self.requiredField = requiredField
    }
}

/// One note: its GUID, deck, field HTML, tags and which templates give it a card.
public struct AnkiNote: Sendable, Equatable {
    /// The note's identity across exports: a newer export with the same GUID updates the note.
    public var guid: String
    /// The full deck name, levels joined by `::`.
    public var deck: String
    /// Field contents (HTML), one per field of the note type.
    public var fields: [String]
    /// Tags (no spaces).
    public var tags: [String]
    /// The template indices (card ordinals) this note has a card for.
    public var cardOrdinals: [Int]
    /// A modification time to keep instead of the package's timestamp (from an earlier export of the same note).
    public var modified: Int64?

    /// Creates a note.
    public init(guid: String, deck: String, fields: [String], tags: [String], cardOrdinals: [Int], modified: Int64? = nil) {
        self.guid = guid
        self.deck = deck
        self.fields = fields
        self.tags = tags
        self.cardOrdinals = cardOrdinals
        self.modified = modified
    }
}

/// A media file: the flat name fields use, and where its bytes are.
public struct AnkiMediaFile: Sendable, Equatable {
    /// The name in Anki's media folder (no `/`), as written in `<img src="…">`.
    public var name: String
    /// The file to read.
    public var source: URL

    /// Creates a media file.
    public init(name: String, source: URL) {
        self.name = name
        self.source = source
    }
}
