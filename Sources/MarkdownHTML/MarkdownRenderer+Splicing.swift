import CCmark
import CmarkArena
import MarkupText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MarkdownRenderer {
    /// The line that stands for block `index` in Markdown given to ``html(from:splicing:)``.
    ///
    /// It opens a CommonMark HTML block of type 6 (`<dIv>`: tag names are read in any case), so libcmark
    /// passes it through verbatim, and holds U+E000, which ``html(from:splicing:)`` requires nowhere else in
    /// the Markdown. Its mixed case is what a template's case transform (`{{{lowercased(info)}}}`,
    /// `uppercased`, `capitalized`) changes, so a marker that went through one is not found, and the
    /// Markdown is rendered with the transformed text as before.
    public static func blockMarker(_ index: Int) -> String {
        "<dIv>\u{E000}" + String(index) + "\u{E000}</dIv>"
    }

    /// Renders `markdown`, in which each ``blockMarker(_:)`` line stands for the HTML `blocks[i]`, to what
    /// ``html(from:allowRawHTML:smartPunctuation:)`` gives (raw HTML allowed) for the same Markdown with
    /// each block written in place of its marker — without libcmark reading the blocks.
    ///
    /// libcmark passes an HTML block that starts with a type-6 tag and has no blank line through
    /// verbatim, up to the next blank line. So when a marker line is a whole HTML block at the top level
    /// of the document (blank line or end after it, not inside a list or quote), the block it stands for
    /// would have been exactly that node's text: it is put there and rendered. Returns `nil` — render the
    /// Markdown with the blocks written in instead — when a block may not be read that way (its first
    /// line does not open a type-6 block, or it holds a blank line, a carriage return or a NUL), when a
    /// marker is missing, repeated or not a whole top-level block, or U+E000 appears elsewhere.
    public static func html(from markdown: String, splicing blocks: [String]) -> String? {
        withHTML(from: markdown, splicing: blocks) { String(decoding: $0, as: UTF8.self) }
    }

    /// ``html(from:splicing:)``'s HTML handed to `body` as UTF-8 bytes, valid only during the call (a page
    /// written as bytes need not become a string, which checks every byte); `nil` when the blocks cannot be
    /// spliced.
    public static func withHTML<Result>(from markdown: String, splicing blocks: [String],
                                        _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard blocks.allSatisfy(isSpliceable) else { return nil }
        var source = markdown
        let markers = source.withUTF8 { ByteSearch.count(of: privateUse, in: $0) }
        guard markers == 2 * blocks.count else { return nil }
        return withDocument(source, options: CMARK_OPT_UNSAFE) { document -> Result? in
            var placed = [Bool](repeating: false, count: blocks.count)
            var node = cmark_node_first_child(document)
            while let block = node {
                node = cmark_node_next(block)
                guard cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK, let literal = cmark_node_get_literal(block),
                      let index = markerIndex(literal), index < blocks.count, !placed[index] else { continue }
                placed[index] = true
                // libcmark ends the block's text with a line feed when it has none, as it would have read it.
                guard cmark_node_set_literal(block, blocks[index]) == 1 else { return nil }
            }
            guard !placed.contains(false), let rendered = cmark_render_html(document, CMARK_OPT_UNSAFE) else { return nil }
            return rendered.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                body(UnsafeBufferPointer(start: bytes, count: strlen(rendered)))
            }
        }
    }

    /// U+E000 in UTF-8, and what a marker line is made of around its index.
    private static let privateUse = Array("\u{E000}".utf8), open = Array("<dIv>\u{E000}".utf8), close = Array("\u{E000}</dIv>\n".utf8)

    /// The index in a node's text that is exactly one marker line (`<div>`U+E000 digits U+E000`</div>` and
    /// a line feed), else `nil`.
    private static func markerIndex(_ literal: UnsafePointer<CChar>) -> Int? {
        let length = strlen(literal)
        guard length > open.count + close.count, length < open.count + close.count + 10 else { return nil }
        return literal.withMemoryRebound(to: UInt8.self, capacity: length) { bytes -> Int? in
            let text = UnsafeBufferPointer(start: bytes, count: length)
            guard text.prefix(open.count).elementsEqual(open), text.suffix(close.count).elementsEqual(close) else { return nil }
            var index = 0
            for digit in text[open.count..<(length - close.count)] {
                guard digit >= 0x30, digit <= 0x39 else { return nil }
                index = index * 10 + Int(digit - 0x30)
            }
            return index
        }
    }

    /// Type-6 tags (CommonMark 0.30, §4.6) a block may open with: a conservative subset of the list, all
    /// of them in every libcmark this package may link.
    private static let typeSixTags: Set<String> = [
        "article", "aside", "blockquote", "details", "div", "dl", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hr", "main", "nav", "ol", "p", "section", "table", "ul",
    ]

    /// Whether libcmark reads `html`, written as its own lines at the top level of a document, as one
    /// verbatim HTML block ending where the text ends: its first line opens a type-6 tag (`<` or `</`, a
    /// listed name, then a space, tab, `>`, `/>` or the line's end) and no line is blank (empty or only
    /// spaces and tabs); no carriage return or NUL, which libcmark would read as line ends or replace.
    static func isSpliceable(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { text -> Bool in
            guard opensTypeSixBlock(text), let start = text.baseAddress else { return false }
            if memchr(start, 0x0D, text.count) != nil || memchr(start, 0x00, text.count) != nil { return false }
            // Each line after a line feed must hold something besides spaces and tabs; the text may end
            // right after a line feed.
            var offset = 0
            while let found = memchr(start + offset, 0x0A, text.count - offset) {
                var next = UnsafeRawPointer(found) - UnsafeRawPointer(start) + 1
                if next == text.count { return true }
                while next < text.count, text[next] == 0x20 || text[next] == 0x09 { next += 1 }
                if next == text.count || text[next] == 0x0A { return false }
                offset = next
            }
            return true
        }
    }

    /// Whether `text` starts with `<` or `</`, a name from ``typeSixTags`` (any case), then a space, tab,
    /// line feed, `>`, `/>` or its end.
    private static func opensTypeSixBlock(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = 0
        guard text.first == UInt8(ascii: "<") else { return false }
        cursor = text.count > 1 && text[1] == UInt8(ascii: "/") ? 2 : 1
        let nameStart = cursor
        while cursor < text.count, cursor - nameStart < 12,
              (text[cursor] | 0x20) >= 0x61 && (text[cursor] | 0x20) <= 0x7A || text[cursor] >= 0x31 && text[cursor] <= 0x36 {
            cursor += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<cursor]), as: UTF8.self).lowercased()
        guard typeSixTags.contains(name) else { return false }
        guard cursor < text.count else { return true }
        switch text[cursor] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "\n"): return true
        case UInt8(ascii: "/"): return cursor + 1 < text.count && text[cursor + 1] == UInt8(ascii: ">")
        default: return false
        }
    }
}
