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

    /// Documents far larger than the arena's first block (256 KiB), rendered on several threads at
    /// once and one inside another's rendering, come out whole: the arena grows, moves a growing buffer
    /// and rewinds to where each render started.
    @Test func largeDocumentsOnManyThreadsAndNestedRendersComeOutWhole() async {
        func document(_ paragraphs: Int, _ tag: String) -> (markdown: String, html: String) {
            let numbers = 0..<paragraphs
            return (numbers.map { "\(tag) paragraph \($0) with *some* words" }.joined(separator: "\n\n"),
                    numbers.map { "<p>\(tag) paragraph \($0) with <em>some</em> words</p>\n" }.joined())
        }
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    let (markdown, html) = document(20_000 + 3_000 * task, "t\(task)")
                    let small = document(3, "inner")
                    let outer = MarkdownRenderer.withHTML(from: markdown, splicing: []) { bytes -> Bool in
                        // A render inside another's: the outer HTML must survive the inner one's rewind.
                        let inner = MarkdownRenderer.html(from: small.markdown)
                        return inner == small.html && String(decoding: bytes, as: UTF8.self) == html
                    }
                    return outer == true && MarkdownRenderer.html(from: markdown) == html
                }
            }
            for await whole in group { #expect(whole) }
        }
    }
}
