import MarkupText
import Foundation
import MarkdownHTML
import Study

/// Notes as HTML fragments that stay inert inside a Markdown page.
///
/// Markdown notes go through libcmark with raw HTML disabled; plain-text notes are HTML-escaped,
/// keeping their line breaks. The fragment is one line (newlines become `&#10;`) so a blank line in a
/// note can never end the surrounding raw HTML block and let note text be read as page Markdown.
enum NoteHTML {
    /// The note's body as HTML.
    static func body(_ note: StudyNote) -> String {
        switch note.format {
        case .markdown:
            return MarkdownRenderer.html(from: note.text, allowRawHTML: false, smartPunctuation: true)
        case .plainText:
            // Blank lines separate paragraphs; other line breaks are kept as <br>.
            var paragraphs: [[String]] = [[]]
            for line in note.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
                if line.allSatisfy(\.isWhitespace) {
                    if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
                } else {
                    paragraphs[paragraphs.count - 1].append(escape(String(line)))
                }
            }
            return paragraphs.filter { !$0.isEmpty }.map { "<p>" + $0.joined(separator: "<br>") + "</p>" }.joined()
        }
    }

    /// The note wrapped with its source, on one line.
    static func block(_ note: StudyNote) -> String {
        let kind = note.format == .markdown ? "markdown" : "text"
        let source = escape(StudyContent.publishedName(note.source.path))
        let updated = note.updatedAt.map { " · " + StudyTime.format($0).prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC" } ?? ""
        let html = "<div class=\"note-body note-\(kind)\">" + body(note) + "</div><p class=\"meta note-source\">from " + source + updated + "</p>"
        return oneLine(html)
    }

    /// Newlines as character references: same meaning in HTML text and in `<pre>`, no line break in Markdown.
    static func oneLine(_ html: String) -> String {
        html.replacingOccurrences(of: "\r\n", with: "&#10;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#10;")
    }

    /// Escapes text for HTML.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
