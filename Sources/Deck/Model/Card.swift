import Diagnostics

/// One review card: a subtopic of a topic of a category, with images and sections.
///
/// A value with its fields in one shared, copy-on-write box: a build copies each card into many
/// places (the plan's closures, digests, search documents), and a copy is then one reference count,
/// not one per text and array.
public struct Card: Sendable, Equatable, Identifiable {
    private final class Fields: @unchecked Sendable {
        var id: String
        var title: String
        var category: String
        var topic: String
        var slide: String?
        var images: [CardImage]
        var sections: [CardSection]
        var source: SourceLine
        var sectionsDigest: ContentDigest?

        init(id: String, title: String, category: String, topic: String, slide: String?, images: [CardImage],
             sections: [CardSection], source: SourceLine, sectionsDigest: ContentDigest?) {
            (self.id, self.title, self.category, self.topic, self.slide) = (id, title, category, topic, slide)
            (self.images, self.sections, self.source, self.sectionsDigest) = (images, sections, source, sectionsDigest)
        }

        var copy: Fields {
            Fields(id: id, title: title, category: category, topic: topic, slide: slide, images: images,
                   sections: sections, source: source, sectionsDigest: sectionsDigest)
        }
    }

    /// Never mutated while shared: every setter first makes it unique.
    private var fields: Fields

    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy }
        return fields
    }

    /// Stable id `category/topic/subtopic` in URL-safe slugs, unique in the deck; the key for notes and progress.
    public var id: String {
        get { fields.id }
        set { unique().id = newValue }
    }
    /// The subtopic, used as the card's title.
    public var title: String {
        get { fields.title }
        set { unique().title = newValue }
    }
    /// The category title.
    public var category: String {
        get { fields.category }
        set { unique().category = newValue }
    }
    /// The topic title.
    public var topic: String {
        get { fields.topic }
        set { unique().topic = newValue }
    }
    /// The slide number from the optional first column, if any.
    public var slide: String? {
        get { fields.slide }
        set { unique().slide = newValue }
    }
    /// Images in display order.
    public var images: [CardImage] {
        get { fields.images }
        set { unique().images = newValue }
    }
    /// Header/info sections in column order.
    public var sections: [CardSection] {
        get { fields.sections }
        set { unique().sections = newValue }
    }
    /// Where the card's row starts.
    public var source: SourceLine {
        get { fields.source }
        set { unique().source = newValue }
    }
    /// The SHA-256 of every cell ``sections`` were parsed from (``SectionChunkCoding``), when read from a
    /// deck: equal digests mean equal sections, so an incremental build compares cards by it instead of
    /// by their text.
    public var sectionsDigest: ContentDigest? {
        get { fields.sectionsDigest }
        set { unique().sectionsDigest = newValue }
    }

    /// Creates a card.
    public init(id: String, title: String, category: String, topic: String, slide: String? = nil,
                images: [CardImage] = [], sections: [CardSection] = [], source: SourceLine) {
        fields = Fields(id: id, title: title, category: category, topic: topic, slide: slide, images: images,
                        sections: sections, source: source, sectionsDigest: nil)
    }

    public static func == (lhs: Card, rhs: Card) -> Bool {
        if lhs.fields === rhs.fields { return true }
        let (a, b) = (lhs.fields, rhs.fields)
        return a.id == b.id && a.title == b.title && a.category == b.category && a.topic == b.topic && a.slide == b.slide
            && a.images == b.images && a.sections == b.sections && a.source == b.source && a.sectionsDigest == b.sectionsDigest
    }
}

/// A file and line in a deck export.
public struct SourceLine: Sendable, Equatable, Hashable {
    /// The deck file path as given.
    public var path: String
    /// 1-based line.
    public var line: Int

    /// Creates a source line.
    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }
}

/// An image of a card, with its caption.
public struct CardImage: Sendable, Equatable {
    /// File name relative to `deck/images/`, checked to stay inside it.
    public var file: String
    /// Caption matched by position, if any.
    public var caption: String?
    /// Whether the file was found under `deck/images/`.
    public var exists: Bool

    /// Creates an image.
    public init(file: String, caption: String?, exists: Bool) {
        self.file = file
        self.caption = caption
        self.exists = exists
    }
}

/// One Header/Info pair: usually a question and its answer.
public struct CardSection: Sendable, Equatable {
    /// The header lines with their leading `# ` removed (a header may hold several lines).
    public var header: [RichLine]
    /// The info, parsed into blocks.
    public var info: [InfoBlock]
    /// 1-based index of the pair in the header row (`Header 3` → 3).
    public var number: Int

    /// Creates a section.
    public init(header: [RichLine], info: [InfoBlock], number: Int) {
        self.header = header
        self.info = info
        self.number = number
    }

    /// The header as plain text, lines joined by spaces.
    public var headerText: String { RichLine.plainText(of: header, separator: " ") }

    /// The info as plain text, one line per block.
    public var infoText: String { RichLine.plainText(of: info.lazy.map(\.line), separator: "\n") }
}
