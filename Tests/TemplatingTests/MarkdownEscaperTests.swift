import MarkdownHTML
import MarkupText
import Templating
import Testing

@Suite("Escaping user text for Markdown and HTML")
struct MarkdownEscaperTests {
    /// User text rendered through libcmark must come back as the same text, never as markup.
    @Test("Hostile and tricky values stay literal", arguments: [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "*bold* _it_ `code` [link](javascript:x)",
        "# heading", "- bullet", "+ plus", "1. item", "2) item", "> quote", "    indented code", "a & b &amp; c",
        "\\*escaped\\*", "line\nbreak\n\n# new block", "x ![img](y.png)", "Female>male (2:1)", "=== setext",
        "| table |", "~~strike~~", "<!-- comment -->", "&#60;script&#62;", "β-blockers 👁 中文", "'quoted' \"double\"",
    ])
    func roundTrips(value: String) throws {
        let html = MarkdownRenderer.html(from: MarkdownEscaper.escape(value))
        #expect(html.hasPrefix("<p>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<em>") && !html.contains("<strong>") && !html.contains("<a ") && !html.contains("<code>"))
        #expect(unescapeHTML(html) == "<p>" + value.replacingOccurrences(of: "\n", with: " ") + "</p>\n")
    }

    /// Line breaks of every kind (LF, CR, tab, U+2028, U+2029) become spaces; at the start of a value a
    /// character reference, so breaks before text never add up to an indented code block.
    @Test("Line breaks become spaces", arguments: ["\n", "\r", "\t", "\u{2028}", "\u{2029}"])
    func lineBreaksBecomeSpaces(separator: String) {
        #expect(MarkdownEscaper.escape("a" + separator + "b") == "a b")
        #expect(MarkdownEscaper.escape(separator + "b") == "&#32;b")
        #expect(MarkdownEscaper.escape("b" + separator, atLineStart: false) == "b ")
        let html = MarkdownRenderer.html(from: MarkdownEscaper.escape(String(repeating: separator, count: 4) + "code"))
        #expect(html.hasPrefix("<p>"), "\(html)")
        #expect(!html.contains("<pre>"), "\(html)")
    }

    /// A value with nothing to escape comes back unchanged, also when it is not ASCII.
    @Test func plainValuesComeBackUnchanged() {
        for value in ["retina", "Bľéphàritis 👁 中文", "a\u{2027}b", "per mille \u{2030}"] {
            #expect(MarkdownEscaper.escape(value) == value)
        }
    }

    /// Inside a raw HTML block Markdown does not run, so entities must do all the work.
    @Test func safeInsideHTMLBlocks() {
        let html = MarkdownRenderer.html(from: "<div>\n" + MarkdownEscaper.escape("<script>x</script>\n\n<b>") + "\n</div>\n")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;"))
    }

    func unescapeHTML(_ text: String) -> String {
        var out = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        // &amp; last, so "&amp;lt;" (a literal "&lt;" typed by the user) stays "&lt;".
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }
}
