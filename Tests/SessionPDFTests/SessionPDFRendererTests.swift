import Foundation
import Testing
@testable import SessionPDF

@Suite("Session PDFs through WeasyPrint", .serialized, .enabled(if: PDFTools.isReady, PDFTools.notReady))
struct SessionPDFRendererTests {
    /// A document in the shipped session layout, with `body` as its content.
    static func document(_ body: String, title: String = "Test document") throws -> String {
        let layout = try String(contentsOf: PDFTools.packageRoot.appendingPathComponent("Templates/sessions/layout.html"), encoding: .utf8)
        return layout.replacingOccurrences(of: "{{title}}", with: title).replacingOccurrences(of: "{{kind}}", with: "test")
            .replacingOccurrences(of: "{{{body}}}", with: body).replacingOccurrences(of: "{{indexLink}}", with: "../index.html")
            .replacingOccurrences(of: #"\{\{[\^/#]isIndex\}\}"#, with: "", options: .regularExpression)
    }

    static func write(_ data: Data) throws -> URL {
        let url = try PDFTools.temporaryFolder("pdf").appendingPathComponent("doc.pdf")
        try data.write(to: url)
        return url
    }

    static func remove(_ pdf: URL) { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }

    @Test func unicodeTextIsEmbeddedAndExtractable() throws {
        let html = try Self.document("<h1>Ωμέγα — café, naïve, Łódź</h1><p>Παρακολούθηση ✓ → ✗ · 🐱 🐶</p>", title: "Δοκιμή")
        let source = PDFSource(html: html, id: "greek-1", title: "Δοκιμή & test", subject: "Visual acuity test", language: "el")
        let data = try #require(try SessionPDFRenderer(paper: .a4).render([source]).first).get()
        let pdf = try Self.write(data)
        defer { Self.remove(pdf) }
        let text = try PDFTools.text(pdf)
        for expected in ["Ωμέγα", "café", "naïve", "Łódź", "Παρακολούθηση", "✓", "→", "🐱", "greek-1 · Loupe", "Page 1 of 1"] {
            #expect(text.contains(expected), "missing \(expected) in \(text)")
        }
        let fonts = try PDFTools.fonts(pdf)
        #expect(!fonts.isEmpty)
        for font in fonts {
            // Columns from the end: uni, sub, emb come before the object number and generation.
            let flags = font.suffix(5).prefix(3)
            #expect(Array(flags) == ["yes", "yes", "yes"], "font not embedded with a Unicode map: \(font)")
        }
        let info = try PDFTools.info(pdf)
        #expect(info["Title"] == "Δοκιμή & test")
        #expect(info["Subject"] == "Visual acuity test")
        #expect(info["Creator"] == LoupeVersion.generator)
        #expect(info["CreationDate"] == nil && info["ModDate"] == nil)
        #expect(info["Page size"]?.contains("(A4)") == true)
        #expect(try PDFTools.catalog(pdf).contains("/Lang (el)"))
        #expect(try PDFTools.run("qpdf", ["--check", pdf.path]).status == 0)
    }

    @Test func letterPaper() throws {
        let source = PDFSource(html: try Self.document("<p>Letter</p>"), id: "l", title: "L", subject: "S", language: "en")
        let pdf = try Self.write(try #require(try SessionPDFRenderer(paper: .letter).render([source]).first).get())
        defer { Self.remove(pdf) }
        #expect(try PDFTools.info(pdf)["Page size"]?.contains("612 x 792") == true)
    }

    @Test func sameInputSameBytesWhateverTheBatch() throws {
        let sources = try (0..<12).map { index in
            PDFSource(html: try Self.document("<h1>Document \(index)</h1><p>Παράδειγμα \(index)</p>"), id: "d-\(index)",
                      title: "Document \(index)", subject: "Study session", language: "en")
        }
        var oneWorker = SessionPDFRenderer(paper: .a4)
        oneWorker.maximumWorkers = 1
        var twoWorkers = SessionPDFRenderer(paper: .a4)
        twoWorkers.maximumWorkers = 2
        #expect(twoWorkers.workerCount(for: sources.count) == 2)
        let first = try oneWorker.render(sources).map { try $0.get() }
        let second = try twoWorkers.render(sources).map { try $0.get() }
        #expect(first.count == 12)
        #expect(first == second)
        #expect(Set(first).count == 12)
    }

    @Test func headingsStayWithWhatFollowsAndNoPageIsBlank() throws {
        // Push "Trial 4" down the page a line at a time: it must never be the last thing on a page.
        let sources = try (36..<54).map { lines in
            let filler = (0..<lines).map { "<p>Filler line \($0)</p>" }.joined()
            let table = "<table><thead><tr><th>Input</th><th>Value</th></tr></thead><tbody>"
                + (0..<6).map { "<tr><td>Input \($0)</td><td>Value \($0)</td></tr>" }.joined() + "</tbody></table>"
            return PDFSource(html: try Self.document(filler + "<h2>Trial 4</h2>" + table), id: "h-\(lines)", title: "H",
                             subject: "S", language: "en")
        }
        let results = try SessionPDFRenderer(paper: .a4).render(sources)
        var sawTwoPages = false
        for (source, result) in zip(sources, results) {
            let pdf = try Self.write(try result.get())
            defer { Self.remove(pdf) }
            let pages = Int(try PDFTools.info(pdf)["Pages"] ?? "") ?? 0
            sawTwoPages = sawTwoPages || pages > 1
            for page in 1...max(pages, 1) {
                let lines = try PDFTools.text(pdf, page: page).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters)) }
                    .filter { !$0.isEmpty && !$0.contains("Page \(page) of") && !$0.contains("\(source.id) · ") }
                #expect(!lines.isEmpty, "\(source.id): page \(page) is blank")
                #expect(lines.last != "Trial 4", "\(source.id): the heading is alone at the foot of page \(page)")
            }
        }
        #expect(sawTwoPages, "the filler should push the heading across a page end")
    }

    @Test func aMissingEngineSaysHowToInstallIt() {
        let renderer = SessionPDFRenderer(paper: .a4, environment: ["LOUPE_PYTHON": "/nonexistent/python3"])
        let source = PDFSource(html: "<p>x</p>", id: "x", title: "x", subject: "x", language: "en")
        #expect(throws: SessionPDFError.engineMissing(tried: ["/nonexistent/python3"])) { try renderer.render([source]) }
        #expect(SessionPDFError.engineMissing(tried: []).description.contains("pip install weasyprint"))
        #expect((try? renderer.render([])) == [])
    }
}
