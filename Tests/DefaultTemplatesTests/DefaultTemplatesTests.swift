import DefaultTemplates
import Foundation
import Templating
import Testing

/// The built-in templates are the repository's `Templates/`, byte for byte (the EmbedTemplates
/// plugin regenerates them at every build; this guards the plugin).
@Suite("Built-in templates")
struct DefaultTemplatesTests {
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    @Test func embeddedFilesMatchTheTemplatesFolderByteForByte() throws {
        let folder = try TemplateFiles(directory: Self.templatesFolder)
        #expect(folder.paths == DefaultTemplates.paths, "the same files, no more, no fewer")
        for path in folder.paths {
            #expect(DefaultTemplates.files[path] == folder[path]?.data, "\(path) differs from Templates/\(path)")
        }
        #expect(DefaultTemplates.paths.contains("layout.html"))
        #expect(DefaultTemplates.paths.contains("assets/site.css"))
        #expect(DefaultTemplates.paths.contains("sessions/layout.html"))
    }

    @Test func everyBuiltInTemplateParses() throws {
        let files = TemplateFiles(builtIn: DefaultTemplates.files, label: "built-in")
        let library = try TemplateLibrary(files: files, directory: URL(fileURLWithPath: "built-in"))
        for name in ["layout", "home", "category", "topic", "card", "about", "sessions/layout"] {
            #expect(library.hasTemplate(name), "\(name) is built in")
        }
    }

    @Test func aFolderOverridesFileByFile() throws {
        let defaults = TemplateFiles(builtIn: DefaultTemplates.files, label: "built-in")
        let override = TemplateFiles(["card.md": .init(data: Data("mine".utf8), displayPath: "t/card.md"),
                                      "extra.md": .init(data: Data("new".utf8), displayPath: "t/extra.md")])
        let merged = defaults.overridden(by: override)
        #expect(merged["card.md"]?.data == Data("mine".utf8))
        #expect(merged["card.md"]?.displayPath == "t/card.md")
        #expect(merged["extra.md"] != nil)
        #expect(merged["layout.html"]?.displayPath == "built-in/layout.html")
        #expect(merged.paths.count == defaults.paths.count + 1)
    }
}
