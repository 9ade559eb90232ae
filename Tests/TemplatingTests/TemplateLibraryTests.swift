import Foundation
import Templating
import Testing
import TestSupport

@Suite("Template library")
struct TemplateLibraryTests {
    func folder(_ files: [String: String]) throws -> URL {
        let url = try TemporaryFolder.make("templates")
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    @Test func markdownTemplatesEscapeForMarkdownAndHTMLTemplatesForHTML() throws {
        let dir = try folder(["page.md": "# {{title}}\n{{{raw}}}", "layout.html": "<title>{{title}}</title>", "sessions/x.md": "{{v}}"])
        let library = try TemplateLibrary(directory: dir)
        #expect(try library.render("page", with: ["title": "*a* <b>", "raw": "*kept*"]) == "# &#42;a&#42; &lt;b&gt;\n*kept*")
        #expect(try library.render("layout", with: ["title": "<b>&"]) == "<title>&lt;b&gt;&amp;</title>")
        #expect(library.hasTemplate("sessions/x"))
    }

    /// Strings and numbers take a shorter path through the renderer (`RenderableValues.swift`); what
    /// they render to must not change: as text, escaped or not, through transforms and as sections.
    @Test func stringsAndNumbersRenderAsTheirText() throws {
        let dir = try folder([
            "values.html": "{{s}}|{{{s}}}|{{n}}|{{negative}}|{{uppercased(s)}}|{{#s}}[{{.}}]{{/s}}|{{^empty}}none{{/empty}}|{{#empty}}[{{.}}]{{/empty}}|{{#n}}<{{.}}>{{/n}}|{{#list}}{{.}},{{/list}}|{{missing}}",
        ])
        let library = try TemplateLibrary(directory: dir)
        let rendered = try library.render("values", with: ["s": "a<b", "n": 42, "negative": -7, "empty": "", "list": ["x", 1] as [Any]] as [String: Any])
        #expect(rendered == "a&lt;b|a<b|42|-7|A&lt;B|[a&lt;b]||[]|<42>|x,1,|")
    }

    @Test func syntaxErrorsCarryFileLineAndColumn() throws {
        let dir = try folder(["bad.md": "line one\n{{#open}}\nno close\n"])
        #expect {
            try TemplateLibrary(directory: dir)
        } throws: { error in
            guard case .syntax(let path, let line, _, _) = error as? TemplateError else { return false }
            return path.hasSuffix("bad.md") && line >= 2
        }
    }

    @Test func missingTemplateAndFolderAreErrors() throws {
        let library = try TemplateLibrary(directory: try folder(["a.md": "x"]))
        #expect(throws: TemplateError.self) { try library.render("nope", with: [:] as [String: Any]) }
        #expect(throws: TemplateError.self) { try TemplateLibrary(directory: URL(fileURLWithPath: "/nonexistent-loupe")) }
    }
}
