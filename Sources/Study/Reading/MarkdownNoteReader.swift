import Diagnostics
import Foundation

/// Reads a Markdown note, `notes/*.md`:
///
/// ```
/// ---
/// card: retina/amd/wet-amd
/// ---
/// The note, in Markdown.
/// ```
///
/// The front matter is `key: value` lines; `card` is required, other keys are ignored. The body is
/// returned as Markdown; the site renders it with raw HTML disabled.
public enum MarkdownNoteReader {
    /// Reads the note in `bytes`; `path` is how the file is named in diagnostics.
    public static func read(_ bytes: [UInt8], path: String, log: inout DiagnosticLog) -> StudyNote? {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            log.error("the note is not UTF-8 text; save it as UTF-8", at: SourceLocation(path: path))
            return nil
        }
        // "\r\n" is one Character in Swift, so split on each line ending form.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else {
            log.error("a Markdown note starts with front matter naming its card: a line '---', then 'card: category/topic/subtopic', then '---'",
                      at: SourceLocation(path: path, line: 1, column: 1))
            return nil
        }
        var card: String?
        var cardLine = 1
        var end: Int?
        for (offset, line) in lines.enumerated().dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" || trimmed == "..." { end = offset; break }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                log.error("front matter lines are 'key: value'", at: SourceLocation(path: path, line: offset + 1, column: 1))
                return nil
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
                value = String(value.dropFirst().dropLast())
            }
            if key == "card" {
                card = value
                cardLine = offset + 1
            }
        }
        guard let end else {
            log.error("the front matter is not closed; add a line '---' after 'card: …'", at: SourceLocation(path: path, line: 1, column: 1))
            return nil
        }
        guard let card, !card.isEmpty else {
            log.error("the front matter needs 'card: category/topic/subtopic' (the card id, as in the card page's address)",
                      at: SourceLocation(path: path, line: card == nil ? 1 : cardLine, column: 1))
            return nil
        }
        let body = lines[(end + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return StudyNote(card: card, text: body, format: .markdown, source: SourceLocation(path: path, line: cardLine, column: 1))
    }
}
