import Foundation
@testable import Templating
import Testing
import TestSupport

/// A template library renders most contexts by filling in a skeleton made once per context shape
/// (`RenderSkeleton`); every text must be exactly what swift-mustache renders for the context itself.
@Suite("Render skeletons")
struct RenderSkeletonTests {
    func library(_ templates: [String: String]) throws -> TemplateLibrary {
        let files = TemplateFiles(templates.mapValues { TemplateFiles.File(data: Data($0.utf8), displayPath: "test") })
        return try TemplateLibrary(files: files, directory: URL(fileURLWithPath: "/templates"))
    }

    /// Texts that escape differently in Markdown and in HTML, at a line's start or not, that end a
    /// line, that hold the markers' own characters or join a combining mark to an escaped character.
    static let tricky = ["", "plain", "a<b & \"c\" 'd'", "*em* _u_ [l](x) `c`", "1. list", "# head", "- item", "x\n", "\n",
                         "two\nlines", "\u{E000}\u{E100}\u{E100}\u{E100}*&\u{E001}", "<\u{301}&", "\u{E002}", "tab\there", "12"]

    @Test func aShapeRendersEachContextsTextsWithTheirEscaping() throws {
        let library = try library([
            "page.md": "# {{title}}\n\n{{#items}}\n- {{name}} ({{count}}){{#first}} first{{/first}}\n{{/items}}\n{{^items}}none{{/items}}\n<p>{{{raw}}}</p> {{&raw}}\n{{> part}}",
            "part.html": "<i>{{title}}</i>{{#items}}[{{name}}]{{/items}}",
        ])
        for title in Self.tricky {
            for raw in Self.tricky.reversed() {
                let context: [String: Any] = ["title": title, "raw": raw, "items": [
                    ["name": raw, "count": 3, "first": true], ["name": title, "count": -1, "first": false],
                ]]
                #expect(try library.render("page", with: context) == library.renderDirectly("page", with: context))
            }
        }
    }

    /// Random templates (variables, triple and `&` variables, sections, inverted sections, dotted names,
    /// `{{.}}`, Markdown and HTML partials) on random contexts.
    @Test func randomTemplatesOnRandomContextsRenderAsSwiftMustacheDoes() throws {
        var random = SeededRandom(seed: 0x5EED_0F_5CE1)
        for _ in 0..<150 {
            let library = try library([
                "page.md": Self.template(&random, depth: 0), "inner.md": Self.template(&random, depth: 2),
                "plain.html": Self.template(&random, depth: 1),
            ])
            for _ in 0..<20 {
                let context = Self.dictionary(&random, depth: 0)
                for name in ["page", "plain"] {
                    _ = try library.render(name, with: context)  // A shape's skeleton is made when it is seen again.
                    #expect(try library.render(name, with: context) == library.renderDirectly(name, with: context))
                }
            }
        }
    }

    /// Transforms, changed delimiters, partials named by a value and indented partials make a
    /// template's text depend on its values beyond escaping them: such libraries render directly.
    @Test func templatesMarkersCannotStandForRenderDirectly() throws {
        let context: [String: Any] = ["title": "Ab\n", "name": "inner", "list": ["x"]]
        let cases = [
            ["page.md": "{{uppercased(title)}}|{{#first(list)}}{{.}}{{/first(list)}}"],
            ["page.md": "{{=<% %>=}}<% lowercased(title) %>"],
            ["page.md": "{{>*name}}", "inner.md": "inner {{title}}"],
            ["page.md": "x\n  {{> inner}}\n  {{> inner}}\n", "inner.md": "{{{title}}}\nb\n"],
        ]
        for templates in cases {
            let library = try library(templates)
            let direct = try library.renderDirectly("page", with: context)
            _ = try library.render("page", with: context)
            #expect(try library.render("page", with: context) == direct)
            #expect(!direct.contains("\u{E000}"))
        }
        #expect(SkeletonEligibility.allows("{{#a}}\n{{> inner}}\n{{/a}} {{title}} {{{raw}}}"))
        #expect(!SkeletonEligibility.allows("{{ lowercased(title) }}"))
        #expect(!SkeletonEligibility.allows("text \u{E001}"))
        #expect(!SkeletonEligibility.allows("a\n\t{{> inner}}") && !SkeletonEligibility.allows("  {{$block}}x{{/block}}"))
        #expect(SkeletonEligibility.allows("a {{> inner}}\n{{> inner}}\n"))
        #expect(!SkeletonEligibility.allows("{{ =<% %>= }}") && !SkeletonEligibility.allows("{{> *name}}") && !SkeletonEligibility.allows("{{open"))
    }

    /// The built-in templates use nothing markers cannot stand for: their pages come from skeletons.
    @Test func theBuiltInTemplatesRenderFromSkeletons() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        #expect(try TemplateLibrary(directory: templates).usesSkeletons)
    }

    /// A template that prints a whole dictionary or array prints its description, which no marker
    /// stands for: that shape renders directly, others of the same template still use skeletons.
    @Test func printingAStructureRendersDirectly() throws {
        let library = try library(["page.html": "{{#item}}{{.}}{{/item}}|{{list}}"])
        for context in [["item": ["k": "<v>"], "list": ["a"]], ["item": "text", "list": "b"]] as [[String: Any]] {
            _ = try library.render("page", with: context)
            #expect(try library.render("page", with: context) == library.renderDirectly("page", with: context))
        }
    }

    @Test func shapesTellKindsApartAndIgnoreTexts() throws {
        func shape(_ context: [String: Any]) -> ContextShape? { ContextShape.of(context, template: "t")?.shape }
        #expect(shape(["a": "x", "b": 1]) == shape(["b": 2, "a": "y"]))
        #expect(shape(["a": "x"]) != shape(["a": ""]))
        #expect(shape(["a": true]) != shape(["a": 1]))
        #expect(shape(["a": true]) != shape(["a": false]))
        #expect(shape(["a": ["x"]]) != shape(["a": ["x", "y"]]))
        #expect(shape(["a": 1.5]) == nil)
        // Keys are told apart by their length, not by a terminator a key could hold.
        #expect(shape(["a\u{0}stb": true]) != shape(["a": "x", "tb": true]))
        #expect(ContextShape.of(["b": "2", "a": ["1", 3]] as [String: Any], template: "t")?.texts == ["1", "3", "2"])
    }

    // MARK: Random templates and contexts

    static let keys = ["a", "b", "items", "title"]

    static func template(_ random: inout SeededRandom, depth: Int) -> String {
        var text = ""
        for _ in 0..<random.next(below: 6) + 1 {
            let key = keys[random.next(below: keys.count)]
            switch random.next(below: 12) {
            case 0: text += ["\n", " ", "# ", "\n\n", "* ", "x"][random.next(below: 6)]
            case 1: text += "{{\(key)}}"
            case 2: text += "{{{\(key)}}}"
            case 3: text += "{{& \(key)}}"
            case 4: text += "{{.}}"
            case 5: text += "{{\(key).\(keys[random.next(below: keys.count)])}}"
            case 6, 7 where depth < 3:
                let open = random.next(below: 2) == 0 ? "#" : "^"
                let standalone = random.next(below: 2) == 0 ? "\n" : ""
                text += "{{\(open)\(key)}}\(standalone)\(template(&random, depth: depth + 1))\(standalone){{/\(key)}}"
            case 8 where depth < 2: text += ["{{> inner}}", "\n{{> inner}}\n", "\n  {{> inner}}\n"][random.next(below: 3)]
            default: text += "<b>\(key)</b> "
            }
        }
        return text
    }

    static func value(_ random: inout SeededRandom, depth: Int) -> Any {
        switch random.next(below: depth < 2 ? 7 : 4) {
        case 0, 1: return tricky[random.next(below: tricky.count)]
        case 2: return random.next(below: 3) - 1
        case 3: return random.next(below: 2) == 0
        case 4: return dictionary(&random, depth: depth + 1)
        case 5: return (0..<random.next(below: 3)).map { _ in dictionary(&random, depth: depth + 1) }
        default: return (0..<random.next(below: 3)).map { _ in value(&random, depth: depth + 1) }
        }
    }

    static func dictionary(_ random: inout SeededRandom, depth: Int) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for key in keys where random.next(below: 3) > 0 { dictionary[key] = value(&random, depth: depth) }
        return dictionary
    }
}
