import Diagnostics
import Foundation
import SessionPDF
import SessionReports

extension PageWriter {
    /// `sessions/<kind>/<id>.pdf` beside each session document's HTML, and a `robots.txt` that keeps
    /// crawlers out of `sessions/`. A missing PDF engine is a warning: the rest of the site is still built.
    func writeSessionPDFs(for files: [ReportFile], problems: inout ProblemList) {
        writeRobots(problems: &problems)
        let paperName = options.sessionPaper ?? content.settings.paper
        guard let paper = DocumentPaper(named: paperName) else {
            let location = options.sessionPaper == nil ? SourceLocation(path: options.display("loupe.yml")) : SourceLocation(path: "--paper")
            problems.diagnostics.append(.error("unknown paper '\(paperName)' for session PDFs; use a4 or letter", at: location))
            return
        }
        // `loupe check` writes nothing: rendering PDFs there would only cost time.
        guard !output.isDiscarding else { return }
        let documents = files.compactMap { file -> (path: String, source: PDFSource)? in
            guard let source = PDFSource(sessionDocument: file.contents, relativePath: file.relativePath) else { return nil }
            return ("sessions/" + PDFSource.pdfPath(forHTML: file.relativePath), source)
        }
        guard !documents.isEmpty else { return }
        // A PDF made from the same document on the same paper by the same WeasyPrint in an earlier build
        // is kept: WeasyPrint takes about a second per document.
        let renderer = SessionPDFRenderer(paper: paper)
        let engine = PDFEngine.identity(for: options) ?? "none"
        let sources = documents.map { document -> (path: String, source: PDFSource, digest: RecordedHex) in
            let source = document.source
            var hash = FNV1a()
            hash.add("pdf-2|\(engine)|\(paperName)|\(source.id)|\(source.title)|\(source.subject)|\(source.language)|")
            hash.add(source.html)
            return (document.path, source, hash.recorded)
        }.filter { output.reuse($0.path, digest: $0.digest) == nil }
        guard !sources.isEmpty else { return }
        let results: [Result<Data, SessionPDFError>]
        do {
            results = try renderer.render(sources.map(\.source))
        } catch {
            problems.diagnostics.append(.warning(error.description, at: SourceLocation(path: "sessions/")))
            return
        }
        for (source, result) in zip(sources, results) {
            switch result {
            case .success(let data):
                do { try output.write(data, to: source.path, digest: source.digest) } catch {
                    problems.diagnostics.append(.writing(error, path: source.path))
                }
            case .failure(let error):
                problems.diagnostics.append(.error(error.description, at: SourceLocation(path: source.path)))
            }
        }
    }

    /// Session documents are personal: well-behaved crawlers stay out of `sessions/`.
    private func writeRobots(problems: inout ProblemList) {
        let text = "# Session documents are personal health data.\nUser-agent: *\nDisallow: /sessions/\n"
        do { try output.write(text: text, to: "robots.txt") } catch {
            problems.diagnostics.append(.writing(error, path: "robots.txt"))
        }
    }
}

/// Which WeasyPrint makes the session PDFs, remembered in the build's cache folder.
enum PDFEngine {
    static func identity(for options: BuildOptions) -> String? {
        SessionPDFRenderer(paper: .a4).engineIdentity(rememberedIn: options.cacheFolder.appendingPathComponent("pdf-engine-v1"))
    }
}
