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
        guard let notes = record.notes[card], !notes.isEmpty else { return nil }
        return [
            "html": notes.map { NoteHTML.block($0) }.joined(),
            "count": notes.count,
        ]
    }
}
