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
    }

    /// A `card.md` written before sections came rendered (it includes `{{> card-section}}`) still gets
    /// every section key, and makes the same card pages as the built-in one.
    @Test func aCardTemplateThatIncludesTheSectionPartialMakesTheSamePages() throws {
        let root = try TemporaryFolder.make("loupe-legacy-card")
        defer { TemporaryFolder.remove(root) }
        let package = SitePagesGoldenTests.packageRoot
        let legacy = root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: package.appendingPathComponent("Templates"), to: legacy)
        let card = legacy.appendingPathComponent("card.md")
        let text = try String(contentsOf: card, encoding: .utf8)
        let section = "data-index=\"{{number}}\">\n\n{{{html}}}"
        #expect(text.contains(section))
        try Data(text.replacingOccurrences(of: section, with: "data-index=\"{{number}}\">\n\n{{> card-section}}").utf8).write(to: card)
        #expect(try TemplateLibrary(directory: legacy).tagNames(of: "card").contains("card-section"))
        let builtIn = try TemplateLibrary(directory: package.appendingPathComponent("Templates")).tagNames(of: "card")
        #expect(builtIn.isSuperset(of: ["sections", "html", "title", "root", "breadcrumbs"]) && !builtIn.contains("card-section")
                && !builtIn.contains("header") && !builtIn.contains("info"), "\(builtIn.sorted())")
        func build(_ templates: URL, into name: String) throws -> URL {
            var options = BuildOptions(content: package.appendingPathComponent("content"), templates: templates,
                                       output: root.appendingPathComponent(name), includeSessions: false)
            options.imageCache = root.appendingPathComponent("cache")
            let report = SiteGenerator.build(options)
            #expect(report.succeeded, "\(report.diagnostics)")
            return options.output
        }
        let built = try build(package.appendingPathComponent("Templates"), into: "built-in")
        let old = try build(legacy, into: "legacy")
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
        let package = SitePagesGoldenTests.packageRoot
        let templates = root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: package.appendingPathComponent("Templates"), to: templates)
        try Data("# {{title}}\n\n{{#sections}}\n<div class=\"mine\">\n\n### {{{header}}}\n\n{{{info}}}\n\n</div>\n\n{{/sections}}\n".utf8)
            .write(to: templates.appendingPathComponent("card.md"))
        var options = BuildOptions(content: package.appendingPathComponent("content"), templates: templates,
                                   output: root.appendingPathComponent("site"), includeSessions: false)
        options.imageCache = root.appendingPathComponent("cache")
        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try String(contentsOf: options.output.appendingPathComponent("deck/anatomy/the-globe/coats-of-the-eye.html"), encoding: .utf8)
        #expect(page.contains("<div class=\"mine\">\n<h3>") && page.contains("<li>"), "\(page)")
    }
}
