import Deck
import Diagnostics
import Foundation
import MarkdownHTML
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

/// Card sections rendered once (`CardSectionHTML`) and embedded in the card page's Markdown.
@Suite("Card sections embedded in card pages")
struct CardSectionHTMLTests {
    /// A copy of the package's templates in `root`.
    private func copyOfTemplates(in root: URL) throws -> URL {
        let templates = root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: SitePagesGoldenTests.packageRoot.appendingPathComponent("Templates"), to: templates)
        return templates
    }

    /// Builds the example content with `templates` into `output`.
    private func build(with templates: URL, into output: URL) throws -> URL {
        var options = BuildOptions(content: SitePagesGoldenTests.packageRoot.appendingPathComponent("content"), templates: templates,
                                   output: output, includeSessions: false)
        options.imageCache = output.deletingLastPathComponent().appendingPathComponent("cache")
        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        return output
    }

    /// Inside the card page's Markdown a blank line would end the section's raw HTML block; the
    /// embedded HTML has none, and shows the same text.
    @Test func embeddedSectionsHaveNoBlankLine() {
        let html = "<pre><code>a\n\n\nb\n</code></pre>\n"
        let embedded = CardSectionHTML.embeddable(html)
        #expect(!embedded.contains("\n\n"))
        #expect(embedded == "<pre><code>a\n&#10;\nb\n</code></pre>\n")  // still three line breaks
        #expect(MarkdownRenderer.html(from: "<section>\n\n" + embedded + "\n\n</section>", allowRawHTML: true)
                == "<section>\n" + embedded + "</section>\n")
        #expect(CardSectionHTML.embeddable("<p>x</p>\n<ul>\n</ul>\n") == "<p>x</p>\n<ul>\n</ul>\n")
        // A blank line anywhere: first, last, alone, after text that is not ASCII.
        for (text, expected) in [("\n\n", "\n&#10;"), ("\n\nx", "\n&#10;x"), ("x\n\n", "x\n&#10;"), ("é\n\n👁", "é\n&#10;👁"),
                                 ("", ""), ("\n", "\n"), ("x\ny\n", "x\ny\n"), ("\n x \n", "\n x \n")] {
            #expect(CardSectionHTML.embeddable(text) == expected, "\(Array(text.utf8))")
        }
    }

    /// A `card.md` written before sections came rendered (it includes `{{> card-section}}`) still gets
    /// every section key, and makes the same card pages as the built-in one.
    @Test func aCardTemplateThatIncludesTheSectionPartialMakesTheSamePages() throws {
        let root = try TemporaryFolder.make("loupe-legacy-card")
        defer { TemporaryFolder.remove(root) }
        let package = SitePagesGoldenTests.packageRoot
        let legacy = try copyOfTemplates(in: root)
        let card = legacy.appendingPathComponent("card.md")
        let text = try String(contentsOf: card, encoding: .utf8)
        let section = "data-index=\"{{number}}\">\n\n{{{html}}}"
        #expect(text.contains(section))
        try Data(text.replacingOccurrences(of: section, with: "data-index=\"{{number}}\">\n\n{{> card-section}}").utf8).write(to: card)
        #expect(try TemplateLibrary(directory: legacy).tagNames(of: "card").contains("card-section"))
        let builtIn = try TemplateLibrary(directory: package.appendingPathComponent("Templates")).tagNames(of: "card")
        #expect(builtIn.isSuperset(of: ["sections", "html", "title", "root", "breadcrumbs"]) && !builtIn.contains("card-section")
                && !builtIn.contains("header") && !builtIn.contains("info"), "\(builtIn.sorted())")
        let built = try build(with: package.appendingPathComponent("Templates"), into: root.appendingPathComponent("built-in"))
        let old = try build(with: legacy, into: root.appendingPathComponent("legacy"))
        let deck = built.appendingPathComponent("deck")
        var compared = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: deck.path) where path.hasSuffix(".html") && !path.hasSuffix("index.html") {
            let page = try String(contentsOf: deck.appendingPathComponent(path), encoding: .utf8)
            #expect(page.contains("<h2>") && page.contains("class=\"answer\""), "\(path)")
            #expect(try String(contentsOf: old.appendingPathComponent("deck/" + path), encoding: .utf8) == page, "\(path)")
            compared += 1
        }
        #expect(compared > 20)
    }

    /// A `card.md` that reads a section's `header` and `info` itself (no partial) still gets them.
    @Test func aCardTemplateReadingSectionKeysItselfGetsThem() throws {
        let root = try TemporaryFolder.make("loupe-own-card")
        defer { TemporaryFolder.remove(root) }
        let templates = try copyOfTemplates(in: root)
        try Data("# {{title}}\n\n{{#sections}}\n<div class=\"mine\">\n\n### {{{header}}}\n\n{{{info}}}\n\n</div>\n\n{{/sections}}\n".utf8)
            .write(to: templates.appendingPathComponent("card.md"))
        let site = try build(with: templates, into: root.appendingPathComponent("site"))
        let page = try String(contentsOf: site.appendingPathComponent("deck/anatomy/the-globe/coats-of-the-eye.html"), encoding: .utf8)
        #expect(page.contains("<div class=\"mine\">\n<h3>") && page.contains("<li>"), "\(page)")
    }
}
