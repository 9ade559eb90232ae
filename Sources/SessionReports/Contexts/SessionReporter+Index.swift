import Foundation
import Sessions

extension SessionReporter {
    /// Kind folders in the order the index lists them, with their headings.
    static let kindHeadings: [(kind: String, heading: String)] = [
        ("acuity", "Acuity tests"),
        ("notes", "Note sessions"),
        ("incident-digests", "Incident day digests"),
        ("incidents", "Veterinary incidents"),
        ("game-progress", "Rehabilitation progress"),
        ("games", "Rehabilitation games"),
        ("study", "Study sessions"),
    ]

    func indexDocument(_ documents: [SessionDocument]) -> SessionDocument {
        let sections: [[String: Any]] = Self.kindHeadings.compactMap { kind, heading in
            let members = documents.filter { $0.kind == kind }
                .sorted { ($0.date ?? "", $0.path) > ($1.date ?? "", $1.path) }
            guard !members.isEmpty else { return nil }
            return [
                "heading": heading,
                "count": String(members.count),
                "documents": members.map { document -> [String: Any] in
                    ["title": document.title, "link": "\(document.path).html", "hasDate": document.date != nil,
                     "date": document.date ?? "", "hasPDF": linksPDFs, "pdfLink": "\(document.path).pdf"]
                },
            ]
        }
        let title = "Session documents"
        return SessionDocument(kind: "index", slug: "index", template: "index", title: title, date: nil,
                               context: ["title": title, "sections": sections, "count": String(documents.count)])
    }
}
