import Diagnostics

/// One review card: a subtopic of a topic of a category, with images and sections.
///
/// A value with its fields in one shared, copy-on-write box: a build copies each card into many
/// places (the plan's closures, digests, search documents), and a copy is then one reference count,
/// not one per text and array.
public struct Card: Sendable, Equatable, Identifiable {
    private struct Fields: Sendable, Equatable {
        var id: String
        var title: String
        var category: String
        var topic: String
        var slide: String?
        var images: [CardImage]
        var sections: StoredSections
        var source: SourceLine
        var sectionsDigest: ContentDigest?
    }

    /// The shared fields; never changed while shared: every setter first makes the box unique.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    /// Stable id `category/topic/subtopic` in URL-safe slugs, unique in the deck; the key for notes and progress.
    public var id: String {
        get { box.fields.id }
        set { unique().fields.id = newValue }
    }
    /// The subtopic, used as the card's title.
    public var title: String {
        get { box.fields.title }
        set { unique().fields.title = newValue }
    }
    /// The category title.
    public var category: String {
        get { box.fields.category }
        set { unique().fields.category = newValue }
    }
    /// The topic title.
    public var topic: String {
        get { box.fields.topic }
        set { unique().fields.topic = newValue }
    }
    /// The slide number from the optional first column, if any.
    public var slide: String? {
        get { box.fields.slide }
        set { unique().fields.slide = newValue }
    }
    /// Images in display order.
    public var images: [CardImage] {
        get { box.fields.images }
        set { unique().fields.images = newValue }
    }
    /// How many images the card has (``images``' count, without a copy of the array).
    public var imageCount: Int { box.fields.images.count }
    /// Header/info sections in column order. A card read from a deck keeps them in a compact byte
    /// form and decodes them on each access: read them once per use, and ask ``sectionCount`` for the count.
    public var sections: [CardSection] {
        get { box.fields.sections.sections }
        set { unique().fields.sections = .parsed(newValue) }
    }
    /// Each section's header and info as plain text (``CardSection/headerText``,
    /// ``CardSection/infoText``), without decoding the sections of a card read from a deck.
    public var sectionTexts: [SectionPlainText] { box.fields.sections.plainTexts }
    /// How many sections the card has, without decoding them.
    public var sectionCount: Int { box.fields.sections.count }
    /// The sections in the form the card keeps them.
    var storedSections: StoredSections { box.fields.sections }
    /// Where the card's row starts.
    public var source: SourceLine {
        get { box.fields.source }
        set { unique().fields.source = newValue }
    }
    /// The SHA-256 of every cell ``sections`` were parsed from (``SectionChunkCoding``), when read from a
    /// deck: equal digests mean equal sections, so an incremental build compares cards by it instead of
    /// by their text.
    public var sectionsDigest: ContentDigest? {
        get { box.fields.sectionsDigest }
        set { unique().fields.sectionsDigest = newValue }
    }

    /// Creates a card.
    public init(id: String, title: String, category: String, topic: String, slide: String? = nil,
                images: [CardImage] = [], sections: [CardSection] = [], source: SourceLine) {
        self.init(id: id, title: title, category: category, topic: topic, slide: slide, images: images,
                  stored: .parsed(sections), source: source)
    }

    /// Creates a card whose sections are kept as given (a deck's reader keeps their bytes).
    init(id: String, title: String, category: String, topic: String, slide: String?, images: [CardImage],
         stored sections: StoredSections, source: SourceLine) {
        box = Box(Fields(id: id, title: title, category: category, topic: topic, slide: slide, images: images,
                         sections: sections, source: source, sectionsDigest: nil))
    }

    public static func == (lhs: Card, rhs: Card) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }
}

extension Card: CustomReflectable {
    /// The fields, not the box, in test failures and `dump`.
    public var customMirror: Mirror { Mirror(reflecting: box.fields) }
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
