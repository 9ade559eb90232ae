import Diagnostics
/// One page of the site as search sees it: a title, where it sits, and its sections.
///
/// Cards, breed pages and plain pages (About) all become documents; the index never holds
/// sessions or personal progress.
public struct SearchDocument: Sendable, Hashable, Codable {
    /// What kind of page a document is; shown to nobody, kept so clients can filter.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A deck card.
        case card
        /// A breed reference page.
        case breed
        /// The About page.
        case about
        /// Any other page.
        case page
    }

    /// Site-relative URL of the page, e.g. `deck/retina/amd/drusen.html`.
    public var url: String
    /// The page title (a card's subtopic).
    public var title: String
    /// Context path from the outside in, e.g. `["Retina", "AMD"]` (the title is not repeated).
    public var path: [String]
    /// What kind of page this is.
    public var kind: Kind
    /// The sections in page order.
    public var sections: [SearchSection]
    /// A digest standing for every header and text of ``sections`` (a card's
    /// `sectionsDigest`): equal digests mean equal sections, so a chunk's key and a shard's digest take
    /// it instead of reading the texts. `nil`: the texts are read.
    public var sectionsDigest: ContentDigest?

    private enum CodingKeys: String, CodingKey { case url, title, path, kind, sections }

    /// Creates a document.
    public init(url: String, title: String, path: [String], kind: Kind, sections: [SearchSection]) {
        self.url = url
        self.title = title
        self.path = path
        self.kind = kind
        self.sections = sections
    }
}
