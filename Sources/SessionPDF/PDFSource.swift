/// One finished standalone HTML session document and what its PDF carries besides the page content.
public struct PDFSource: Sendable, Equatable {
    /// The standalone HTML (inline CSS and SVG; nothing is fetched while rendering it).
    public var html: String
    /// The document id shown in the footer of every page, e.g. `s-2025-03-14-0930`.
    public var id: String
    /// The PDF title (document information and the viewer's title bar).
    public var title: String
    /// The PDF subject, e.g. `Visual acuity test`.
    public var subject: String
    /// The BCP 47 language of the text, e.g. `en` (the PDF catalog's `/Lang`).
    public var language: String

    /// Creates a source from its parts.
    public init(html: String, id: String, title: String, subject: String, language: String) {
        self.html = html
        self.id = id
        self.title = title
        self.subject = subject
        self.language = language
    }
}

extension PDFSource {
    /// A source for a session document written by `SessionReporter`, from its path under the sessions folder
    /// (`acuity/s-1.html`): the id is the file name, the subject comes from the kind folder, the title and
    /// language from the HTML's `<title>` and `<html lang>`. Returns `nil` for what is not a session
    /// document (anything but `<kind>/<id>.html`, so the sessions index gets no PDF).
    public init?(sessionDocument html: String, relativePath: String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasSuffix(".html"), !parts[0].isEmpty else { return nil }
        let id = String(parts[1].dropLast(".html".count))
        guard !id.isEmpty else { return nil }
        let info = HTMLHead(html)
        self.init(html: html, id: id, title: info.title ?? id, subject: Self.subject(forKind: String(parts[0])),
                  language: info.language ?? "en")
    }

    /// What a kind folder's documents are about, in words.
    static func subject(forKind kind: String) -> String {
        switch kind {
        case "acuity": "Visual acuity test"
        case "notes": "Clinical note session"
        case "incidents": "Veterinary incident"
        case "incident-digests": "Veterinary incidents of the day"
        case "games": "Rehabilitation game"
        case "game-progress": "Rehabilitation game progress"
        case "study": "Study session"
        default: "Session document"
        }
    }

    /// `acuity/s-1.html` → `acuity/s-1.pdf`: where the PDF of a session document goes.
    public static func pdfPath(forHTML relativePath: String) -> String {
        String(relativePath.dropLast(".html".count)) + ".pdf"
    }
}
