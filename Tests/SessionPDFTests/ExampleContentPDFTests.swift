import Foundation
import Testing
@testable import SessionPDF

/// `loupe build` on the example content: every session kind gets PDFs that pass the print checks.
@Suite("Session PDFs of the example content", .serialized, .enabled(if: PDFTools.isReady, PDFTools.notReady))
struct ExampleContentPDFTests {
    /// One build of the example content shared by the tests (a build renders every PDF: worth doing once).
    static let site: Result<URL, SiteError> = {
        do {
            // Shared by the tests, so left to be removed when the test process ends.
            let folder = try PDFTools.temporaryFolder("pdf-site")
            let out = folder.appendingPathComponent("site")
            let run = try PDFTools.loupe(["build", "--content", "content", "--out", out.path])
            guard run.status == 0 else { return .failure(SiteError(message: run.stderr)) }
            return .success(out)
        } catch {
            return .failure(SiteError(message: "\(error)"))
        }
    }()

    struct SiteError: Error { var message: String }

    static func pdfs(of kind: String) throws -> [URL] {
        let folder = try site.get().appendingPathComponent("sessions/\(kind)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }.sorted()
        return names.map { folder.appendingPathComponent($0) }
    }

    /// Kind folder, most pages one document of it may take, and text some document of it must hold.
    static let kinds: [(String, Int, [String])] = [
        ("acuity", 1, ["logMAR 0.28", "Participant 014", "20/38", "OD", "OS"]),
        ("incidents", 1, ["Juniper", "Saffron", "€"]),
        ("incident-digests", 2, ["Juniper"]),
        ("notes", 3, ["Barium swallow", "Penetration", "Trial 1"]),
        ("games", 1, ["Balance", "Dexterity", "Speech"]),
        ("game-progress", 3, ["Balance", "Speech"]),
        ("study", 1, ["Easy", "Hard"]),
    ]

    @Test(arguments: kinds.map(\.0))
    func everyDocumentOfTheKindHasAGoodPDF(kind: String) throws {
        let (_, maximumPages, expectedText) = try #require(Self.kinds.first { $0.0 == kind })
        let pdfs = try Self.pdfs(of: kind)
        let htmlCount = try FileManager.default.contentsOfDirectory(atPath: Self.site.get().appendingPathComponent("sessions/\(kind)").path)
            .filter { $0.hasSuffix(".html") }.count
        #expect(!pdfs.isEmpty && pdfs.count == htmlCount, "\(kind): one PDF beside each HTML document")
        var allText = ""
        // Every document of a small kind; the first four of a large one (each check runs external tools).
        for pdf in pdfs.prefix(4) {
            let id = pdf.deletingPathExtension().lastPathComponent
            let html = try String(contentsOf: pdf.deletingPathExtension().appendingPathExtension("html"), encoding: .utf8)
            let info = try PDFTools.info(pdf)
            let pages = try #require(Int(info["Pages"] ?? ""))
            #expect((1...maximumPages).contains(pages), "\(kind)/\(id): \(pages) pages")
            #expect(info["Page size"]?.contains("(A4)") == true)
            #expect(info["Title"] == HTMLHead(html).title)
            #expect(info["Subject"] == PDFSource.subject(forKind: kind))
            #expect(info["CreationDate"] == nil)
            #expect(try PDFTools.catalog(pdf).contains("/Lang (en)"))
            #expect(try PDFTools.run("qpdf", ["--check", pdf.path]).status == 0, "\(kind)/\(id): qpdf --check")
            for font in try PDFTools.fonts(pdf) {
                #expect(Array(font.suffix(5).prefix(3)) == ["yes", "yes", "yes"], "\(kind)/\(id): font \(font)")
            }
            for page in 1...pages {
                let text = try PDFTools.text(pdf, page: page)
                #expect(text.contains("Page \(page) of \(pages)") && text.contains("\(id) · \(LoupeVersion.generator)"),
                        "\(kind)/\(id): footer of page \(page)")
                let body = text.split(separator: "\n").filter { !$0.contains("Page \(page) of") && !$0.allSatisfy(\.isWhitespace) }
                #expect(body.count >= 2, "\(kind)/\(id): page \(page) is (nearly) blank")
            }
            allText += try PDFTools.text(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ") + "\n"
        }
        for expected in expectedText {
            #expect(allText.contains(expected), "\(kind): no PDF holds \(expected)")
        }
    }

    @Test func chartsAreVectorsNotImages() throws {
        for kind in ["games", "game-progress"] {
            for pdf in try Self.pdfs(of: kind) {
                let images = try PDFTools.run("pdfimages", ["-list", pdf.path]).stdout.split(separator: "\n").dropFirst(2)
                #expect(images.isEmpty, "\(pdf.lastPathComponent) holds raster images")
                // The radar and line charts' axis labels are text in the PDF.
                #expect(try PDFTools.text(pdf).contains("Balance"))
            }
        }
    }

    @Test func theSameHTMLGivesTheSameBytesInAnotherProcess() throws {
        let pdfs = try Self.pdfs(of: "acuity") + Self.pdfs(of: "incidents").prefix(1)
        let sessions = try Self.site.get().appendingPathComponent("sessions")
        let sources = try pdfs.map { pdf in
            let relative = pdf.deletingLastPathComponent().lastPathComponent + "/" + pdf.deletingPathExtension().lastPathComponent + ".html"
            let html = try String(contentsOf: sessions.appendingPathComponent(relative), encoding: .utf8)
            return try #require(PDFSource(sessionDocument: html, relativePath: relative))
        }
        let again = try SessionPDFRenderer(paper: .a4).render(sources)
        for (pdf, result) in zip(pdfs, again) {
            #expect(try result.get() == Data(contentsOf: pdf), "\(pdf.lastPathComponent) differs between two renderings")
        }
    }

    @Test func pdfsArePersonalLikeTheHTML() throws {
        let site = try Self.site.get()
        let index = try String(contentsOf: site.appendingPathComponent("sessions/index.html"), encoding: .utf8)
        let pdfs = try Self.kinds.flatMap { try Self.pdfs(of: $0.0) }
        for pdf in pdfs {
            let link = pdf.deletingLastPathComponent().lastPathComponent + "/" + pdf.lastPathComponent
            #expect(index.contains("href=\"\(link)\""), "the sessions index does not link \(link)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("sessions/index.pdf").path))
        let robots = try String(contentsOf: site.appendingPathComponent("robots.txt"), encoding: .utf8)
        #expect(robots.contains("User-agent: *\nDisallow: /sessions/\n"))
        // Nothing outside sessions/ links a PDF of a session, and the search index never names one.
        let enumerator = FileManager.default.enumerator(atPath: site.path)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix("sessions/"), !relative.hasPrefix("."), relative.hasSuffix(".html") || relative.hasSuffix(".json") || relative.hasSuffix(".js") else { continue }
            let text = try String(contentsOf: site.appendingPathComponent(relative), encoding: .utf8)
            #expect(text.range(of: #"sessions/[a-z-]+/[^"]*\.(pdf|html)"#, options: .regularExpression) == nil,
                    "\(relative) links a session document")
        }
    }

    @Test func noSessionsLeavesThePDFsOut() throws {
        let out = try PDFTools.temporaryFolder("pdf-nosessions").appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let run = try PDFTools.loupe(["build", "--content", "content", "--out", out.path, "--no-sessions"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("sessions").path))
    }

    @Test func aMissingEngineIsAWarningAndTheRestIsBuilt() throws {
        let out = try PDFTools.temporaryFolder("pdf-noengine").appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let run = try PDFTools.loupe(["build", "--content", "content", "--out", out.path], environment: ["LOUPE_PYTHON": "/nonexistent/python3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("sessions/: warning: PDF files were not written: the PDF engine WeasyPrint is not installed"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("sessions/incidents/inc-2025-05-06-02.html").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("sessions/incidents/inc-2025-05-06-02.pdf").path))
    }

    /// A build after WeasyPrint changed (and nothing else) remakes the PDFs; with the same WeasyPrint
    /// the site is up to date.
    @Test func aNewWeasyPrintRemakesThePDFs() throws {
        let folder = try PDFTools.temporaryFolder("pdf-engine-change")
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try #require(SessionPDFRenderer(paper: .a4).engineIdentity()?.split(separator: " ").first.map(String.init))
        // Answers the version probe with a version of its own; everything else goes to the real interpreter.
        let wrapper = folder.appendingPathComponent("python3")
        try Data("""
            #!/bin/sh
            if [ "$1" = "-c" ]; then
              case "$2" in *metadata*) echo "0.$LOUPE_FAKE_ENGINE /fake/weasyprint/__init__.py"; exit 0;; esac
            fi
            exec \(real) "$@"

            """.utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let out = folder.appendingPathComponent("site")
        let pdf = "sessions/incidents/inc-2025-05-06-02.pdf"
        func build(engine: String) throws -> (stderr: String, digest: String?) {
            let run = try PDFTools.loupe(["build", "--content", "content", "--out", out.path],
                                         environment: ["LOUPE_PYTHON": wrapper.path, "LOUPE_FAKE_ENGINE": engine])
            #expect(run.status == 0, "\(run.stderr)")
            let manifest = try String(contentsOf: out.appendingPathComponent(".loupe/manifest"), encoding: .utf8)
            let line = manifest.split(separator: "\n").first { $0.hasSuffix("\t" + pdf) }
            return (run.stderr, line.map { String($0.split(separator: "\t")[2]) })
        }
        let first = try build(engine: "1")
        #expect(first.digest != nil, "no \(pdf) in the manifest")
        let same = try build(engine: "1")
        #expect(same.stderr.contains("up to date"), "\(same.stderr)")
        let upgraded = try build(engine: "2")
        #expect(!upgraded.stderr.contains("up to date"), "\(upgraded.stderr)")
        #expect(upgraded.digest != nil && upgraded.digest != first.digest, "the PDF was kept from the old engine")
    }

    @Test func reportWritesTheFormatsAskedForOnThePaperAskedFor() throws {
        let out = try PDFTools.temporaryFolder("pdf-report")
        defer { try? FileManager.default.removeItem(at: out) }
        let pdfOnly = try PDFTools.loupe(["report", "content/sessions/incident-2025-05-06-02.json", "--format", "pdf",
                                          "--paper", "letter", "--out", out.appendingPathComponent("a").path])
        #expect(pdfOnly.status == 0, "\(pdfOnly.stderr)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("a").path).filter { $0.contains(".") }.sorted()
        #expect(files.contains("incidents/inc-2025-05-06-02.pdf") && files.allSatisfy { $0.hasSuffix(".pdf") }, "\(files)")
        let info = try PDFTools.info(out.appendingPathComponent("a/incidents/inc-2025-05-06-02.pdf"))
        #expect(info["Page size"]?.contains("612 x 792") == true)
        #expect(info["Pages"] == "1")

        let noPDF = try PDFTools.loupe(["report", "content/sessions/incident-2025-05-06-02.json", "--format", "md,html",
                                        "--out", out.appendingPathComponent("b").path])
        #expect(noPDF.status == 0, "\(noPDF.stderr)")
        let written = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("b").path).filter { $0.contains(".") }.sorted()
        #expect(written.contains("incidents/inc-2025-05-06-02.md") && written.contains("index.html"), "\(written)")
        #expect(!written.contains { $0.hasSuffix(".pdf") }, "\(written)")
        let index = try String(contentsOf: out.appendingPathComponent("b/index.html"), encoding: .utf8)
        #expect(!index.contains(".pdf"), "the index links PDFs that were not written")

        let bad = try PDFTools.loupe(["report", "content/sessions/incident-2025-05-06-02.json", "--format", "docx"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown --format 'docx'"))

        let missing = try PDFTools.loupe(["report", "content/sessions/incident-2025-05-06-02.json", "--format", "pdf",
                                          "--out", out.appendingPathComponent("c").path], environment: ["LOUPE_PYTHON": "/nonexistent/python3"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: PDF files were not written"), "\(missing.stderr)")
    }
}
