import Deck
import MarkupText
import Templating

/// Turns parsed deck text into Markdown. Every piece of user text is escaped with
/// ``MarkdownEscaper``; only the tags Loupe itself emits are markup.
enum DeckMarkdown {
    /// Inline Markdown for a styled line.
    static func inline(_ line: RichLine) -> String {
        if let text = line.unstyledText { return MarkdownEscaper.escape(text, atLineStart: true) }
        var out = ""
        for (index, run) in line.runs.enumerated() {
            var text = MarkdownEscaper.escape(run.text, atLineStart: index == 0)
            if run.style.contains(.underline) { text = "<u>" + text + "</u>" }
            if run.style.contains(.italic) { text = "<em>" + text + "</em>" }
            if run.style.contains(.bold) { text = "<strong>" + text + "</strong>" }
            out += text
        }
        return out
    }

    /// Inline Markdown for a header's lines, joined by line breaks.
    static func header(_ lines: [RichLine]) -> String {
        lines.map(inline).joined(separator: "<br>")
    }

    /// Block Markdown for an info cell: bullet and numbered lists, mnemonics, paragraphs.
    static func info(_ blocks: [InfoBlock]) -> String {
        var out = ""
        enum Last { case none, bullet, numbered, text, mnemonic }
        var last = Last.none
        var parentIndent = 0   // content offset of the last level-1 list item
        var parentKind = Last.none
        for block in blocks {
            switch block {
            case .bullet(let level, let line):
                if level >= 2 && (last == .bullet || last == .numbered) && parentKind != .none {
                    out += String(repeating: " ", count: parentIndent)
                    out += "- "
                    out += inline(line)
                    out += "\n"
                    last = parentKind == .numbered ? .numbered : .bullet
                } else {
                    if last != .bullet || parentKind != .bullet { out += separator(out) }
                    out += "- "
                    out += inline(line)
                    out += "\n"
                    parentIndent = 2
                    parentKind = .bullet
                    last = .bullet
                }
            case .numbered(let number, let line):
                if last != .numbered || parentKind != .numbered { out += separator(out) }
                let marker = "\(number). "
                out += marker
                out += inline(line)
                out += "\n"
                parentIndent = marker.count
                parentKind = .numbered
                last = .numbered
            case .mnemonic(let line):
                out += separator(out)
                out += "<p class=\"mnemonic\">"
                out += inline(line)
                out += "</p>\n"
                last = .mnemonic
                parentKind = .none
            case .text(let line):
                if last == .text {
                    out.removeLast() // newline
                    out += "<br>\n"
                    out += inline(line)
                    out += "\n"
                } else {
                    out += separator(out)
                    out += inline(line)
                    out += "\n"
                }
                last = .text
                parentKind = .none
            }
        }
        return out
    }

    private static func separator(_ out: String) -> String { out.isEmpty ? "" : "\n" }
}
