import Deck
import MarkupText
import Templating

/// Turns parsed deck text into Markdown. Every piece of user text is escaped with
/// ``MarkdownEscaper``; only the tags Loupe itself emits are markup.
enum DeckMarkdown {
    /// Inline Markdown for a styled line.
    static func inline(_ line: RichLine) -> String {
        if let text = line.unstyledText { return MarkdownEscaper.escape(text, atLineStart: true) }
        var out: [UInt8] = []
        append(line, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``inline(_:)`` appended to the UTF-8 bytes `out`.
    static func append(_ line: RichLine, to out: inout [UInt8]) {
        if let text = line.unstyledText { return MarkdownEscaper.append(text, atLineStart: true, to: &out) }
        for (index, run) in line.runs.enumerated() {
            // Opened outermost first: bold, italic, underline; closed in the reverse order.
            if run.style.contains(.bold) { out.append(contentsOf: "<strong>".utf8) }
            if run.style.contains(.italic) { out.append(contentsOf: "<em>".utf8) }
            if run.style.contains(.underline) { out.append(contentsOf: "<u>".utf8) }
            MarkdownEscaper.append(run.text, atLineStart: index == 0, to: &out)
            if run.style.contains(.underline) { out.append(contentsOf: "</u>".utf8) }
            if run.style.contains(.italic) { out.append(contentsOf: "</em>".utf8) }
            if run.style.contains(.bold) { out.append(contentsOf: "</strong>".utf8) }
        }
    }

    /// Inline Markdown for a header's lines, joined by line breaks.
    static func header(_ lines: [RichLine]) -> String {
        lines.map(inline).joined(separator: "<br>")
    }

    /// Block Markdown for an info cell: bullet and numbered lists, mnemonics, paragraphs.
    ///
    /// Written as UTF-8 bytes and made a string once: appending a dozen small strings to a string was
    /// a third of making a section's Markdown.
    static func info(_ blocks: [InfoBlock]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func separate() { if !out.isEmpty { out.append(0x0A) } }
        enum Last { case none, bullet, numbered, text, mnemonic }
        var last = Last.none
        var parentIndent = 0   // content offset of the last level-1 list item
        var parentKind = Last.none
        for block in blocks {
            switch block {
            case .bullet(let level, let line):
                if level >= 2 && (last == .bullet || last == .numbered) && parentKind != .none {
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: parentIndent))
                    put("- ")
                    append(line, to: &out)
                    out.append(0x0A)
                    last = parentKind == .numbered ? .numbered : .bullet
                } else {
                    if last != .bullet || parentKind != .bullet { separate() }
                    put("- ")
                    append(line, to: &out)
                    out.append(0x0A)
                    parentIndent = 2
                    parentKind = .bullet
                    last = .bullet
                }
            case .numbered(let number, let line):
                if last != .numbered || parentKind != .numbered { separate() }
                let marker = "\(number). "
                put(marker)
                append(line, to: &out)
                out.append(0x0A)
                parentIndent = marker.utf8.count
                parentKind = .numbered
                last = .numbered
            case .mnemonic(let line):
                separate()
                put("<p class=\"mnemonic\">")
                append(line, to: &out)
                put("</p>\n")
                last = .mnemonic
                parentKind = .none
            case .text(let line):
                if last == .text {
                    out.removeLast() // newline
                    put("<br>\n")
                    append(line, to: &out)
                    out.append(0x0A)
                } else {
                    separate()
                    append(line, to: &out)
                    out.append(0x0A)
                }
                last = .text
                parentKind = .none
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
