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
        guard !(output is DiscardingOutput) else { return }
        let sources = files.compactMap { file in
            PDFSource(sessionDocument: file.contents, relativePath: file.relativePath).map { (file.relativePath, $0) }
        }
        let results: [Result<Data, SessionPDFError>]
        do {
            results = try SessionPDFRenderer(paper: paper).render(sources.map(\.1))
        } catch {
            problems.diagnostics.append(.warning(error.description, at: SourceLocation(path: "sessions/")))
            return
        }
        for ((htmlPath, _), result) in zip(sources, results) {
            let path = "sessions/" + PDFSource.pdfPath(forHTML: htmlPath)
            switch result {
            case .success(let data):
                do { try output.write(data, to: path) } catch {
                    problems.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: path)))
                }
            case .failure(let error):
                problems.diagnostics.append(.error(error.description, at: SourceLocation(path: path)))
            }
        }
    }

    /// Session documents are personal: well-behaved crawlers stay out of `sessions/`.
    private func writeRobots(problems: inout ProblemList) {
        let text = "# Session documents are personal health data.\nUser-agent: *\nDisallow: /sessions/\n"
        do { try output.write(text: text, to: "robots.txt") } catch {
            problems.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: "robots.txt")))
        }
    }
}
