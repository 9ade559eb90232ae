import MarkdownHTML
import Testing

@Suite("libcmark rendering")
struct MarkdownRendererTests {
    @Test func rendersCommonMark() {
        #expect(MarkdownRenderer.html(from: "# Title\n\n- a\n- *b*\n") == "<h1>Title</h1>\n<ul>\n<li>a</li>\n<li><em>b</em></li>\n</ul>\n")
    }

    @Test func rawHTMLIsOmittedInSafeMode() {
        let html = MarkdownRenderer.html(from: "<script>alert(1)</script>\n\n[x](javascript:alert(1))", allowRawHTML: false)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
    }

    @Test func rawHTMLPassesWhenAllowed() {
        #expect(MarkdownRenderer.html(from: "<div class=\"x\">\n</div>\n", allowRawHTML: true).contains("<div class=\"x\">"))
    }

    @Test func emptyAndUnicodeInput() {
        #expect(MarkdownRenderer.html(from: "") == "")
        #expect(MarkdownRenderer.html(from: "β 👁 中文") == "<p>β 👁 中文</p>\n")
    }
}
