import Diagnostics
import Foundation
import Study

/// Study data read from `content/notes/` and `content/progress/`: notes, progress and the review log.
struct StudyContent: Sendable {
    /// Everything merged.
    var record = StudyRecord()
    /// Study data for cards the deck no longer has.
    var orphans: [OrphanedCard] = []
    /// The files read, as shown in diagnostics.
    var files: [String] = []

    /// The card page's `note` context: the notes' HTML (one line) and where they came from.
    func noteContext(for card: String) -> [String: Any]? {
        // No lookup (hashing the id) for each of 10,000 cards when there are no notes at all.
        guard !record.notes.isEmpty, let notes = record.notes[card], !notes.isEmpty else { return nil }
        return [
            "html": notes.map { NoteHTML.block($0) }.joined(),
            "count": notes.count,
        ]
    }

    /// A study file's name as published: content-relative (`notes/x.md`), never the folder the site
    /// was built from, so the same content builds byte-identical anywhere. Every study file is read
    /// from `notes/` or `progress/`, so the last two path components are that name.
    static func publishedName(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.suffix(2).joined(separator: "/")
    }
}
