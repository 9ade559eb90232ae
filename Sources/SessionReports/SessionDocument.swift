/// One document before rendering: where it goes, its title, and what its template needs.
struct SessionDocument {
    /// The kind folder, e.g. `acuity`.
    var kind: String
    /// The file name without extension (a slug).
    var slug: String
    /// The template under `sessions/`, e.g. `acuity`.
    var template: String
    /// The page title.
    var title: String
    /// A date for the index, when there is one.
    var date: String?
    /// The template context.
    var context: [String: Any]

    /// `acuity/s-1`.
    var path: String { "\(kind)/\(slug)" }
}
