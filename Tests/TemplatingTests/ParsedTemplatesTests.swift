import Foundation
@testable import Templating
import Testing
import TestSupport

/// A build that updates a site made with the same templates parses each template when a render first
/// needs it (`ParsedTemplates`); what it renders must be what a library parsed whole renders.
@Suite("Templates parsed on first use")
struct ParsedTemplatesTests {
    func files(_ templates: [String: String]) -> TemplateFiles {
        TemplateFiles(templates.mapValues { TemplateFiles.File(data: Data($0.utf8), displayPath: "test") })
    }

    static let templates = [
        "page.md": "# {{title}}\n\n{{> part}}\n{{#items}}- {{name}}\n{{/items}}",
        "part.html": "<i>{{title}}</i>{{>inner}}",
        "inner.md": "*{{title}}* and {{> deep}}",
        "deep.html": "<b>{{title}}</b>",
        "child.html": "{{<frame}}{{$body}}<p>{{title}}</p>{{/body}}{{/frame}}",
        "frame.html": "<main>{{$body}}empty{{/body}}</main>",
        "alone.md": "{{title}} alone",
    ]

    /// Partials of partials and a parent template are found by their names in the text; a template
    /// left out would render as nothing here.
    @Test func eachTemplateRendersWhatTheWholeLibraryRenders() throws {
        let directory = URL(fileURLWithPath: "/templates")
        let context: [String: Any] = ["title": "a <b> *c*", "items": [["name": "x_y"], ["name": "1. z"]]]
        for name in ["page", "part", "inner", "deep", "child", "frame", "alone"] {
            let whole = try TemplateLibrary(files: files(Self.templates), directory: directory)
            let onFirstUse = try TemplateLibrary(files: files(Self.templates), directory: directory, parsingOnFirstUse: true)
            let expected = try whole.renderDirectly(name, with: context)
            #expect(try onFirstUse.renderDirectly(name, with: context) == expected, "\(name)")
            #expect(try onFirstUse.render(name, with: context) == expected, "\(name) from a skeleton")
        }
        let page = try TemplateLibrary(files: files(Self.templates), directory: directory).render("page", with: context)
        #expect(page.contains("<b>a &lt;b&gt; *c*</b>"), "the partial of a partial is rendered")
    }

    /// Only what a render needs is parsed: a template that does not parse fails a library parsed whole
    /// at once, and one parsed on first use only when it is rendered (with its file and line).
    @Test func onlyTheTemplatesARenderNeedsAreParsed() throws {
        var templates = Self.templates
        templates["broken.md"] = "line one\n{{#open}}\n"
        #expect(throws: TemplateError.self) { try TemplateLibrary(files: files(templates), directory: URL(fileURLWithPath: "/t")) }
        let library = try TemplateLibrary(files: files(templates), directory: URL(fileURLWithPath: "/t"), parsingOnFirstUse: true)
        #expect(try library.render("page", with: ["title": "t"]).contains("<b>t</b>"))
        #expect {
            try library.render("broken", with: [:] as [String: Any])
        } throws: { error in
            guard case .syntax(_, let line, _, _) = error as? TemplateError else { return false }
            return line >= 2
        }
    }

    /// The byte search that finds the templates a text names agrees with a plain search of its bytes,
    /// names at the start, the end, overlapping, repeated or absent, in non-ASCII texts too.
    @Test func aTextHoldsANameWhereItsBytesDo() {
        var random = SeededRandom(seed: 3)
        let alphabet = ["a", "b", "ab", "-", "é", "{{>", "}}", " ", "\n"]
        func word(_ length: Int) -> String { (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }.joined() }
        for _ in 0..<2000 {
            let text = word(random.next(below: 12)), name = word(1 + random.next(below: 3))
            let bytes = Array(text.utf8), wanted = Array(name.utf8)
            let expected = bytes.count >= wanted.count
                && (0...(bytes.count - wanted.count)).contains { Array(bytes[$0..<$0 + wanted.count]) == wanted }
            #expect(ParsedTemplates.text(text, holds: name) == expected, "\(text) / \(name)")
        }
    }

    /// The templates a render parses are those its tags name, not every template whose name its text
    /// holds: the built-in layout's links name nearly every template, and an edit build parsed them all.
    /// A text that changes its delimiters still parses every template it names anywhere.
    @Test func aRenderParsesThePartialsItsTagsName() throws {
        #expect(ParsedTemplates.partialNames(in: "<a href=\"notes.html\">{{> part}}</a>{{>inner}}{{<  frame}}{{/frame}}")
                == ["part", "inner", "frame"])
        #expect(ParsedTemplates.partialNames(in: "{{{raw}}} {{#a}}{{/a}} {{ > spaced}} {{! > no}}") == [])
        #expect(ParsedTemplates.partialNames(in: "{{=<% %>=}}<%> part%>") == nil)
        #expect(ParsedTemplates.partialNames(in: "{{>\u{A0}part}}") == nil)
        var templates = Self.templates
        templates["page.md"] = "# {{title}}, see the broken page\n\n{{> part}}"
        templates["broken.md"] = "{{#open}}"
        templates["switch.md"] = "{{=<% %>=}}<%> deep%> and the broken page"
        let library = try TemplateLibrary(files: files(templates), directory: URL(fileURLWithPath: "/t"), parsingOnFirstUse: true)
        #expect(try library.render("page", with: ["title": "t"]).contains("<b>t</b>"))
        #expect(throws: TemplateError.self) { try library.render("switch", with: ["title": "t"]) }
        templates["switch.md"] = "{{=<% %>=}}<%> deep%> and nothing else"
        let switched = try TemplateLibrary(files: files(templates), directory: URL(fileURLWithPath: "/t"), parsingOnFirstUse: true)
        #expect(try switched.render("switch", with: ["title": "t"]).contains("<b>t</b>"))
    }

    /// A partial picked by a value is named nowhere: then every template is parsed at once.
    @Test func aPartialPickedByAValueMakesEveryTemplateParseAtOnce() throws {
        #expect(ParsedTemplates.namesPartialsByValue("{{>*name}}"))
        #expect(ParsedTemplates.namesPartialsByValue("{{> *name}}"))
        #expect(ParsedTemplates.namesPartialsByValue("{{=<% %>=}}<%<  *parent%><%/parent%>"))
        #expect(!ParsedTemplates.namesPartialsByValue("{{> name}} 2 * 3 > 1"))
        var templates = Self.templates
        templates["broken.md"] = "{{#open}}"
        templates["pick.md"] = "{{>*which}}"
        #expect(throws: TemplateError.self) {
            try TemplateLibrary(files: files(templates), directory: URL(fileURLWithPath: "/t"), parsingOnFirstUse: true)
        }
    }

    /// Loupe's own templates, each rendered with an empty context and with one filling every name they
    /// show, give the same text both ways.
    @Test func theBuiltInTemplatesRenderTheSameParsedOnFirstUse() throws {
        let folder = SharedData.packageRoot.appendingPathComponent("Templates")
        let whole = try TemplateLibrary(directory: folder)
        let files = try TemplateFiles(directory: folder)
        let names = files.paths.filter { $0.hasSuffix(".md") || $0.hasSuffix(".html") }
            .map { String($0[..<$0.lastIndex(of: ".")!]) }
        #expect(names.count > 20)
        for name in names {
            let onFirstUse = try TemplateLibrary(files: files, directory: folder, parsingOnFirstUse: true)
            var context: [String: Any] = [:]
            for tag in whole.tagNames(of: name) { context[tag] = "v" }
            for value in [[:] as [String: Any], context] {
                #expect(try onFirstUse.renderDirectly(name, with: value) == whole.renderDirectly(name, with: value), "\(name)")
            }
        }
    }

    /// The names a template's tags read: every kind of tag, dotted names in parts, spaces and sigils
    /// trimmed, non-ASCII names whole; `{{` with no `}}` after it ends the search. Preparing a library
    /// parses what it names, so a broken template is still reported only when it is rendered.
    @Test func theNamesATemplatesTagsReadAreFound() throws {
        let text = "{{{ a.b }}} {{#c}}x{{/c}} {{> d }} {{^ é.ü }}{{/ é.ü }} {{&e}} {{ f..g }} {{!note}} {{=<% %>=}} {{ last"
        let library = try TemplateLibrary(files: files(["card.md": text, "broken.md": "{{#open}}"]), directory: URL(fileURLWithPath: "/t"),
                                          parsingOnFirstUse: true)
        #expect(library.tagNames(of: "card") == ["a", "b", "c", "d", "é", "ü", "e", "f", "g", "note", "<"])
        #expect(library.tagNames(of: "missing").isEmpty)
        library.prepare(["broken", "missing"])
        #expect(throws: TemplateError.self) { try library.render("broken", with: [:] as [String: Any]) }
    }
}
