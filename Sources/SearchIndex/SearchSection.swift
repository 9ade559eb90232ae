/// A part of a page a result can jump to: an anchor, its header and its plain text.
public struct SearchSection: Sendable, Hashable, Codable {
    /// The fragment id on the page (`s3` for `card.html#s3`); empty to link to the top.
    public var anchor: String
    /// The section header as plain text (a card's question); may be empty.
    public var header: String
    /// The body as plain text, lines separated by `\n`, markers already removed.
    public var text: String

    /// Creates a section.
    public init(anchor: String, header: String, text: String) {
        self.anchor = anchor
        self.header = header
        self.text = text
    }
}
