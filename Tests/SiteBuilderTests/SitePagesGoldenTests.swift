import Deck
import Diagnostics
import Foundation
import ImagePipeline
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

@Suite("Rendered pages match their golden files", .serialized)
struct SitePagesGoldenTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A deck that uses every marker, hostile text, images and captions.
    static let deckText = """
        \tCategory\tTopic\tSubtopic \tnil\tImage Caption\tHeader 1\tInfo1\tHeader2\tInfo2\tHeader3\tInfo3
        \tGeneral\tnil\tnil\tnil\tnil\tnil\tnil\t\t\t\t
        12\tRetina\tMacula\tDrusen & <Friends>\t"a.svg , b.svg"\tSoft drusen*Hard <drusen>\t"# What are they?
        # Two-line header"\t"‘- Yellow <u>deposits</u> under the RPE
        ## Sub-bullet & more
        - Female>male (2:1) --> risk
        1. First
        (2) Second
        * <b><u>M</u></b>nemonic line
        Plain <i>text</i> with ""quotes"" <script>alert(1)</script>"\t# Risk?\tnil\tnil\t- Only an answer
        \tRetina\tMacula\tβ-blockers 👁\tnil\tnil\t# <img src=x onerror=alert(1)>\t* [click](javascript:alert(1))\t\t\t\t

        """.replacingOccurrences(of: "\n        ", with: "\n")

    func content() throws -> URL {
        let root = try TemporaryFolder.make("golden")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("deck/images"), withIntermediateDirectories: true)
        try Data(Self.deckText.utf8).write(to: root.appendingPathComponent("deck/deck.tsv"))
        for image in ["a.svg", "b.svg"] {
            try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"/>".utf8)
                .write(to: root.appendingPathComponent("deck/images/" + image))
        }
        try Data("title: Golden\ndescription: A <test> deck\ndeck_name: golden\n".utf8).write(to: root.appendingPathComponent("loupe.yml"))
        try Data("# About\n\nSome *text* and <script>alert(1)</script>.\n".utf8).write(to: root.appendingPathComponent("about.md"))
        return root
    }

    /// One cat and one dog page from the example breed data, and the breed index.
    @Test func breedPages() throws {
        let out = try TemporaryFolder.make("golden-breeds")
        let options = BuildOptions(content: Self.packageRoot.appendingPathComponent("content"),
                                   templates: Self.packageRoot.appendingPathComponent("Templates"), output: out, includeSessions: false)
        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        for (page, golden) in [("breeds/cat/abys.html", "breed-cat.html"), ("breeds/dog/1.html", "breed-dog.html")] {
            let html = try #require(FileManager.default.contents(atPath: out.appendingPathComponent(page).path), "\(page) was not written")
            try GoldenFile.check(String(decoding: html, as: UTF8.self), against: golden)
        }
        try? FileManager.default.removeItem(at: out)
    }

    @Test func cardMarkdownAndHTML() throws {
        let contentFolder = try content()
        var log = DiagnosticLog()
        var options = BuildOptions(content: contentFolder, templates: Self.packageRoot.appendingPathComponent("Templates"),
                                   output: contentFolder.deletingLastPathComponent().appendingPathComponent(contentFolder.lastPathComponent + "-out"))
        options.imageCache = contentFolder.deletingLastPathComponent().appendingPathComponent(contentFolder.lastPathComponent + "-cache")
        let deck = try #require(DeckReader(deckDirectory: contentFolder.appendingPathComponent("deck"), displayDirectory: "deck").read(log: &log))
        #expect(!log.hasErrors)
        let category = try #require(deck.categories.first { $0.slug == "retina" })
        let topic = try #require(category.topics.first)
        let templates = try TemplateLibrary(directory: options.templates)
        let rendition = Rendition(format: .webp, width: 80, height: 60, byteCount: 1)
        let drawing = ProcessedImage(sourceFormat: "svg", contentHash: String(repeating: "ab", count: 32), renditions: [rendition],
                                     fallback: Rendition(format: .png, width: 80, height: 60, byteCount: 1))
        let images = Dictionary(uniqueKeysWithValues: ["a.svg", "b.svg"].map { ($0, PublishedImage(image: drawing, sourceName: $0, folder: "images/")) })
        let sectionHTML = try CardSectionHTML.render(topic.cards[0], renderer: PageRenderer(templates: templates, site: ["title": "Golden"]))
        var context = DeckPages.card(topic.cards[0], in: category, topic, position: 0, sectionHTML: sectionHTML, note: nil, images: images)
        context["root"] = "../../../"
        try GoldenFile.check(try templates.render("card", with: context), against: "card.md")

        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        let out = options.output
        for (page, golden) in [("deck/retina/macula/drusen-friends.html", "card.html"), ("deck/retina/macula/b-blockers.html", "card-hostile.html"),
                               ("deck/retina/macula/index.html", "topic.html"), ("index.html", "home.html"), ("about.html", "about.html")] {
            let html = try #require(FileManager.default.contents(atPath: out.appendingPathComponent(page).path), "\(page) was not written")
            try GoldenFile.check(String(decoding: html, as: UTF8.self), against: golden)
        }
        try? FileManager.default.removeItem(at: contentFolder)
        try? FileManager.default.removeItem(at: out)
    }
}
