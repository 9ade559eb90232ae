// Renders Templates/breed.md and Templates/breeds.md through the site's Mustache and cmark modules.
// Active when BreedsTests can import Templating and MarkdownHTML (see docs/breeds.md).
#if canImport(Templating) && canImport(MarkdownHTML)
import Diagnostics
import Foundation
import MarkdownHTML
import Templating
import Testing
import TestSupport
@testable import Breeds

@Suite("Breed templates render to safe HTML")
struct TemplateRenderingTests {
    private func library() throws -> TemplateLibrary {
        try TemplateLibrary(directory: Support.packageRoot.appendingPathComponent("Templates"))
    }

    private func html(_ template: String, _ context: [String: Any]) throws -> String {
        MarkdownRenderer.html(from: try library().render(template, with: context), allowRawHTML: true)
    }

    /// Tags carrying an event handler, or `javascript:` addresses, anywhere in the HTML.
    private func activeContent(in html: String) -> [String] {
        var found: [String] = []
        for pattern in [#"<[A-Za-z][^>]*\son[a-z]+\s*="#, #"(?i)(href|src)\s*=\s*"\s*javascript:"#, #"(?i)<(img|iframe|object|embed|div)\b[^>]*onerror"#] {
            if let range = html.range(of: pattern, options: .regularExpression) { found.append(String(html[range])) }
        }
        return found
    }

    @Test func hostileBreedsRenderInert() throws {
        let (catalog, _) = try Support.load("hostile")
        for breed in catalog.breeds {
            let page = try html("breed", breed.pageContext(root: "../../", imageFile: nil))
            #expect(!page.lowercased().contains("<script"), "\(breed.id)")
            #expect(activeContent(in: page).isEmpty, "\(breed.id): \(activeContent(in: page))")
            #expect(page.contains("<h1>"))
            if breed.id == "xss1" {
                #expect(page.contains("&lt;script&gt;alert("))
                #expect(page.contains("**Bold**") || page.contains("&#42;&#42;Bold&#42;&#42;") || page.contains("**Bold**"))
                #expect(!page.contains("<strong>Bold</strong>"), "user Markdown stays literal")
                #expect(page.contains(#"aria-label="Energy level 4 of 5""#))
            }
        }
    }

    @Test(.enabled(if: Support.sharedBreedsFolder != nil, SharedData.absent("breeds")))
    func realBreedPagesRender() throws {
        let folder = try #require(Support.sharedBreedsFolder)
        var log = DiagnosticLog()
        let catalog = BreedCatalog.load(from: folder, displayPath: "breeds", log: &log)
        for breed in catalog.breeds {
            let page = try html("breed", breed.pageContext(root: "../../", imageFile: nil))
            #expect(page.contains("<h1>\(page.isEmpty ? "" : "")"))
            #expect(!page.contains("{{") && !page.contains("}}"))
            #expect(!page.contains("cdn2.the"), "\(breed.id)")
            #expect(activeContent(in: page).isEmpty)
        }
        let abyssinian = try #require(catalog.breeds.first { $0.id == "abys" })
        let page = try html("breed", abyssinian.pageContext(root: "../../", imageFile: "0XYvRd7oD.jpg"))
        #expect(page.contains(#"<img src="../../breeds/images/0XYvRd7oD.jpg" alt="Abyssinian""#))
        #expect(page.contains("<li><strong>Weight:</strong> 3–5 kg (7–10 lb)</li>"))
        #expect(page.contains("<li><strong>Origin:</strong> Egypt (EG)</li>"))
        #expect(page.contains(#"role="img" aria-label="Energy level 5 of 5""#))
        #expect(page.contains(#"<a href="https://en.wikipedia.org/wiki/Abyssinian&#95;(cat)" rel="external noopener noreferrer">Wikipedia</a>"#))

        let index = try html("breeds", catalog.indexContext(root: "../"))
        #expect(index.components(separatedBy: "<script").count - 1 == 2)
        #expect(index.components(separatedBy: "<li><a href=\"../breeds/").count - 1 == 237)
        let start = try #require(index.range(of: #"<script type="application/json" id="breed-data">"#))
        let end = try #require(index.range(of: "</script>", range: start.upperBound..<index.endIndex))
        let json = String(index[start.upperBound..<end.lowerBound])
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((object?["breeds"] as? [Any])?.count == 237)
    }

    @Test func anEmptyCatalogSaysWhatToDo() throws {
        let index = try html("breeds", BreedCatalog(breeds: []).indexContext(root: "../"))
        #expect(index.contains("No breed data yet"))
        #expect(!index.contains("<script"))
    }
}
#endif
