/// Why session PDFs could not be written.
public enum SessionPDFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No Python with WeasyPrint was found (the interpreters tried are listed).
    case engineMissing(tried: [String])
    /// The engine could not be started or stopped unexpectedly.
    case engineFailed(String)
    /// One document failed to render (the engine's message).
    case documentFailed(id: String, message: String)

    /// A message for the user, saying what to do.
    public var description: String {
        switch self {
        case .engineMissing(let tried):
            let where_ = tried.isEmpty ? "" : " (looked in \(tried.joined(separator: ", ")))"
            return "PDF files were not written: the PDF engine WeasyPrint is not installed\(where_); "
                + "install it with 'python3 -m pip install weasyprint' or 'apt-get install weasyprint' "
                + "(scripts/setup does this), or set LOUPE_PYTHON to a Python that has it; "
                + "the Markdown and HTML documents were written"
        case .engineFailed(let message):
            return "PDF files were not written: the PDF engine WeasyPrint failed: \(message)"
        case .documentFailed(let id, let message):
            return "the PDF of '\(id)' was not written: WeasyPrint: \(message)"
        }
    }
}
