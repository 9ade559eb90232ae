import Testing
@testable import SessionPDF

@Suite struct PDFSourceTests {
    static let html = """
        <!DOCTYPE html>
        <html lang="de">
        <head>
        <title>Visual acuity &amp; more — &#x3A9; &lt;1&gt;</title>
        </head><body></body></html>
        """

    @Test func titleLanguageIdAndSubjectComeFromTheDocument() throws {
        let source = try #require(PDFSource(sessionDocument: Self.html, relativePath: "acuity/s-1.html"))
        #expect(source.id == "s-1")
        #expect(source.title == "Visual acuity & more — Ω <1>")
        #expect(source.language == "de")
        #expect(source.subject == "Visual acuity test")
        #expect(PDFSource.pdfPath(forHTML: "acuity/s-1.html") == "acuity/s-1.pdf")
    }

    @Test func onlySessionDocumentsGetPDFs() {
        #expect(PDFSource(sessionDocument: Self.html, relativePath: "index.html") == nil)
        #expect(PDFSource(sessionDocument: Self.html, relativePath: "acuity/s-1.md") == nil)
        #expect(PDFSource(sessionDocument: Self.html, relativePath: "a/b/c.html") == nil)
    }

    @Test func missingTitleAndLanguageFallBack() throws {
        let source = try #require(PDFSource(sessionDocument: "<html><body>x</body></html>", relativePath: "notes/n-1.html"))
        #expect(source.title == "n-1")
        #expect(source.language == "en")
        #expect(source.subject == "Clinical note session")
    }

    @Test func batchesBalanceTheWorkAndKeepOrder() {
        let batches = SessionPDFRenderer.batches(sizes: [100, 1, 1, 1, 100, 1], workers: 2)
        #expect(batches.count == 2)
        #expect(batches.flatMap { $0 }.sorted() == [0, 1, 2, 3, 4, 5])
        #expect(batches.allSatisfy { $0 == $0.sorted() })
        #expect(batches.allSatisfy { $0.contains(0) != $0.contains(4) })
        #expect(SessionPDFRenderer.batches(sizes: [5], workers: 3) == [[0]])
    }
}
