/// Inline styles the deck's `<u>`, `<i>` and `<b>` tags produce.
public struct TextStyle: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a style from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `<u>`.
    public static let underline = TextStyle(rawValue: 1)
    /// `<i>`.
    public static let italic = TextStyle(rawValue: 2)
    /// `<b>`.
    public static let bold = TextStyle(rawValue: 4)
}

/// A run of literal text in one style. The text is never markup.
public struct TextRun: Sendable, Equatable {
    /// Literal text (arrows already turned into `→`).
    public var text: String
    /// Its style.
    public var style: TextStyle

    /// Creates a run.
    public init(_ text: String, style: TextStyle = []) {
        self.text = text
        self.style = style
    }
}

/// One line of styled text.
///
/// Most deck lines carry no style: such a line keeps just its text, without an array of runs around
/// it (a 100,000-card deck is millions of lines, and that array was a third of its memory).
public struct RichLine: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        /// One run without style.
        case plain(String)
        /// Anything else: no run, several runs, or styled runs.
        case runs([TextRun])
    }

    private var storage: Storage

    /// Creates a line.
    public init(_ runs: [TextRun]) {
        storage = runs.count == 1 && runs[0].style.isEmpty ? .plain(runs[0].text) : .runs(runs)
    }

    /// The runs in order.
    public var runs: [TextRun] {
        get {
            switch storage {
            case .plain(let text): [TextRun(text)]
            case .runs(let runs): runs
            }
        }
        set { self = RichLine(newValue) }
    }

    /// The text of a line that is one run without style, else `nil`.
    public var unstyledText: String? {
        if case .plain(let text) = storage { return text }
        return nil
    }

    /// Whether the line has no runs.
    public var isEmpty: Bool {
        if case .runs(let runs) = storage { return runs.isEmpty }
        return false
    }

    /// The plain text of `lines` joined by `separator`, built in one string (a search index joins the
    /// lines of every section of the deck).
    public static func plainText(of lines: some Collection<RichLine>, separator: String) -> String {
        if lines.count == 1, let line = lines.first { return line.plainText }
        // Its length first, so the string is allocated once rather than grown line by line.
        var length = separator.utf8.count * max(0, lines.count - 1)
        for line in lines { length += line.plainLength }
        var text = ""
        text.reserveCapacity(length)
        for (index, line) in lines.enumerated() {
            if index > 0 { text += separator }
            line.appendPlainText(to: &text)
        }
        return text
    }

    /// The text without styles.
    public var plainText: String {
        switch storage {
        case .plain(let text): return text
        case .runs(let runs):
            if runs.count == 1 { return runs[0].text }
            var text = ""
            text.reserveCapacity(plainLength)
            appendPlainText(to: &text)
            return text
        }
    }

    /// The length of ``plainText`` in UTF-8 bytes.
    private var plainLength: Int {
        switch storage {
        case .plain(let text): text.utf8.count
        case .runs(let runs): runs.reduce(0) { $0 + $1.text.utf8.count }
        }
    }

    /// Appends ``plainText`` to `text`.
    private func appendPlainText(to text: inout String) {
        switch storage {
        case .plain(let plain): text += plain
        case .runs(let runs): for run in runs { text += run.text }
        }
    }
}

/// A block of a card's info cell.
public enum InfoBlock: Sendable, Equatable {
    /// A bullet (`- `, `‘-`) at level 1, or a sub-bullet (`##`) at level 2.
    case bullet(level: Int, RichLine)
    /// A numbered item (`1.`, `1)`, `(1)`), with the number as written.
    case numbered(number: Int, RichLine)
    /// A mnemonic line (`* `), shown highlighted.
    case mnemonic(RichLine)
    /// A plain line.
    case text(RichLine)

    /// The line of the block.
    public var line: RichLine {
        switch self {
        case .bullet(_, let line), .numbered(_, let line), .mnemonic(let line), .text(let line): return line
        }
    }
}
