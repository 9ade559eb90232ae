import MarkdownHTML
import Testing

@Suite("Splicing HTML blocks after libcmark")
struct SplicingTests {
    /// HTML a block may be: spliceable ones (a rendered card section) and ones libcmark reads otherwise.
    static let blocks = [
        "<h2>Question?</h2>\n<div class=\"answer\" id=\"s1-answer\">\n<ul>\n<li>a &amp; <strong>b</strong></li>\n</ul>\n</div>\n",
        "<div class=\"answer\">\n<p>no line feed at the end</p>\n</div>",
        "<h2>Tabs</h2>\n\t<p>indented\twith tabs</p>\n   <p>and spaces</p>\n",
        "<section>\n<pre><code>x\n&#10;y\n</code></pre>\n</section>\n",
        "</div>\n<p>closing first</p>\n",
        "<hr/>\n",
        "<pre>\n<p>type 1 ends at its closing tag</p>\n</pre>\n<p>after</p>\n",
        "<p>blank line</p>\n\n<p>after</p>\n",
        "<p>blank-ish line</p>\n \t\n<p>after</p>\n",
        "<p>a carriage return</p>\r\n<p>after</p>\n",
        "<span>inline start</span>\n",
        "text first\n<div>x</div>\n",
        "",
        "<p>last line only spaces</p>\n   ",
        "<!-- comment -->\n<p>x</p>\n",
        "<divx>not a listed tag</divx>\n",
    ]

    /// Places a block's line may sit in a page's Markdown.
    static let places: [(before: String, after: String)] = [
        ("# Title\n\n", "\n\n<p>end</p>\n"),
        ("", "\n"),
        ("", ""),
        ("Paragraph just before\n", "\n\nafter\n"),
        ("<section class=\"card-section\">\n\n", "\n\n</section>\n\n"),
        ("<section>\n", "\n</section>\n"),
        ("- list item\n  ", "\n\n"),
        ("> quote\n", "\n\n"),
        ("    ", "\n\n"),
        ("```\n", "\n```\n"),
        ("text on the line ", "\n\n"),
        ("<pre>\n", "\n</pre>\n\n"),
        ("\n", "\nnext line of text\n\n"),
    ]

    /// Every block in every place, alone and with a second block: splicing gives exactly what libcmark
    /// renders from the Markdown with the blocks written in, or `nil`.
    @Test func splicedPagesAreWhatLibcmarkRendersFromTheBlocks() {
        var spliced = 0
        for block in Self.blocks {
            for place in Self.places {
                for second in [nil, Self.blocks[0], Self.blocks[6]] {
                    let blocks = [block] + (second.map { [$0] } ?? [])
                    var marked = place.before + MarkdownRenderer.blockMarker(0) + place.after
                    var written = place.before + block + place.after
                    if let second {
                        marked += "\n" + MarkdownRenderer.blockMarker(1) + "\n\n"
                        written += "\n" + second + "\n\n"
                    }
                    let expected = MarkdownRenderer.html(from: written, allowRawHTML: true)
                    if let html = MarkdownRenderer.html(from: marked, splicing: blocks) {
                        #expect(html == expected, "block \(block.debugDescription) in \(place)")
                        spliced += 1
                    }
                }
            }
        }
        // Five spliceable blocks, in the three places that set them apart as whole blocks.
        #expect(spliced >= 5 * 3)
    }

    @Test func aCardPageSplicesEachSection() throws {
        let sections = [Self.blocks[0], Self.blocks[1], Self.blocks[2]]
        let page = { (html: [String]) in
            "# Card\n\n<div class=\"sections\">\n\n" + html.enumerated().map { index, html in
                "<section id=\"s\(index + 1)\">\n\n\(html)\n\n</section>\n\n"
            }.joined() + "</div>\n"
        }
        let html = try #require(MarkdownRenderer.html(from: page(sections.indices.map(MarkdownRenderer.blockMarker)), splicing: sections))
        #expect(html == MarkdownRenderer.html(from: page(sections), allowRawHTML: true))
        #expect(html.contains("<li>a &amp; <strong>b</strong></li>"))
    }

    @Test func markersMissingRepeatedOrAmbiguousAreRefused() {
        let block = Self.blocks[0]
        let marker = MarkdownRenderer.blockMarker(0)
        #expect(MarkdownRenderer.html(from: "# Title\n", splicing: [block]) == nil)
        #expect(MarkdownRenderer.html(from: marker + "\n\n" + marker + "\n", splicing: [block]) == nil)
        #expect(MarkdownRenderer.html(from: "# \u{E000} in a title\n\n" + marker + "\n", splicing: [block]) == nil)
        #expect(MarkdownRenderer.html(from: MarkdownRenderer.blockMarker(1) + "\n", splicing: [block]) == nil)
        #expect(MarkdownRenderer.html(from: "# Nothing to splice\n", splicing: []) == "<h1>Nothing to splice</h1>\n")
    }
}
