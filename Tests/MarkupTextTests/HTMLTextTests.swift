import MarkupText
import Testing

@Suite("HTML and SVG text escaping")
struct HTMLTextTests {
    @Test func escapesTheFiveCharacters() {
        #expect(HTMLText.escape(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test func plainTextIsReturnedUnchanged() {
        #expect(HTMLText.escape("β-blockers 👁 中文") == "β-blockers 👁 中文")
    }

    @Test func oneLineFoldsLineBreaks() {
        #expect(HTMLText.escapeOneLine("a\r\nb\nc\td\re") == "a b c d e")
        #expect(HTMLText.escape("a\nb") == "a\nb")
    }

    @Test func nulBecomesReplacementCharacter() {
        #expect(HTMLText.escape("a\u{0}b") == "a\u{FFFD}b")
    }
}
