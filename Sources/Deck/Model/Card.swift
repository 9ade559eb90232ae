import Diagnostics

/// One review card: a subtopic of a topic of a category, with images and sections.
public struct Card: Sendable, Equatable, Identifiable {
    /// Stable id `category/topic/subtopic` in URL-safe slugs, unique in the deck; the key for notes and progress.
    public var id: String
    /// The subtopic, used as the card's title.
    public var title: String
    /// The category title.
    public var category: String
    /// The topic title.
    public var topic: String
    /// The slide number from the optional first column, if any.
    public var slide: String?
    /// Images in display order.
    public var images: [CardImage]
    /// Header/info sections in column order.
    public var sections: [CardSection]
    /// Where the card's row starts.
    public var source: SourceLine
    /// The SHA-256 of every cell ``sections`` were parsed from (``SectionChunkCoding``), when read from a
    /// deck: equal digests mean equal sections, so an incremental build compares cards by it instead of
    /// by their text.
    public var sectionsDigest: ContentDigest?

    /// Creates a card.
    public init(id: String, title: String, category: String, topic: String, slide: String? = nil,
                images: [CardImage] = [], sections: [CardSection] = [], source: SourceLine) {
        self.id = id
        self.title = title
        self.category = category
        self.topic = topic
        self.slide = slide
        self.images = images
        self.sections = sections
        self.source = source
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
