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
    /// The sections in page order. A document made with ``init(url:title:path:kind:sectionCount:sectionsDigest:sections:)``
    /// makes them each time they are read: only for the chunks tokenised and the shards written.
    public var sections: [SearchSection] {
        get {
            switch storage {
            case .made(let sections): sections
            case .deferred(let make): make()
            }
        }
        set {
            storage = .made(newValue)
            sectionCount = newValue.count
            sectionsDigest = nil
        }
    }
    /// The number of ``sections``, known without making them.
    public private(set) var sectionCount: Int
    /// A digest standing for every anchor, header and text of ``sections`` (a card's
    /// `sectionsDigest`): equal digests mean equal sections, so a chunk's key and a shard's digest take
    /// it instead of reading the texts. `nil`: the texts are read.
    public var sectionsDigest: ContentDigest?

    private enum Storage: Sendable {
        case made([SearchSection])
        case deferred(@Sendable () -> [SearchSection])
    }
    private var storage: Storage

    /// Creates a document.
    public init(url: String, title: String, path: [String], kind: Kind, sections: [SearchSection]) {
        self.url = url
        self.title = title
        self.path = path
        self.kind = kind
        storage = .made(sections)
        sectionCount = sections.count
    }

    /// Creates a document whose `sectionCount` sections `sections` makes when they are read, the same
    /// every time; `sectionsDigest` stands for them.
    public init(url: String, title: String, path: [String], kind: Kind, sectionCount: Int, sectionsDigest: ContentDigest,
                sections: @escaping @Sendable () -> [SearchSection]) {
        self.url = url
        self.title = title
        self.path = path
        self.kind = kind
        storage = .deferred(sections)
        self.sectionCount = sectionCount
        self.sectionsDigest = sectionsDigest
    }

    public static func == (lhs: SearchDocument, rhs: SearchDocument) -> Bool {
        lhs.url == rhs.url && lhs.title == rhs.title && lhs.path == rhs.path && lhs.kind == rhs.kind
            && lhs.sectionsDigest == rhs.sectionsDigest && lhs.sections == rhs.sections
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(title)
        hasher.combine(path)
        hasher.combine(kind)
        hasher.combine(sectionsDigest)
        hasher.combine(sections)
    }

    private enum CodingKeys: String, CodingKey { case url, title, path, kind, sections }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(url: try container.decode(String.self, forKey: .url), title: try container.decode(String.self, forKey: .title),
                  path: try container.decode([String].self, forKey: .path), kind: try container.decode(Kind.self, forKey: .kind),
                  sections: try container.decode([SearchSection].self, forKey: .sections))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(title, forKey: .title)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encode(sections, forKey: .sections)
    }
}
