/// A card's sections as a card keeps them: parsed, or (when read from a deck) as their row's bytes in
/// the chunk form of ``SectionChunkCoding``, decoded each time they are asked for.
///
/// A deck's sections are most of its memory as parsed values (every line a string of its own, every
/// block and section an array entry); their bytes take about the text's own size. A build asks for a
/// card's sections about twice (its page and its search texts), and decoding is cheaper than parsing.
enum StoredSections: Sendable {
    case parsed([CardSection])
    /// One row of a chunk ``SectionChunkCoding`` wrote or checked; the slice shares the chunk's bytes.
    /// With its section count, read once: a build asks for it for every card several times (digests,
    /// search documents), and for most cards never decodes the row.
    case encoded(ArraySlice<UInt8>, count: Int)

    /// A row's bytes, with their section count.
    static func encoded(_ row: ArraySlice<UInt8>) -> StoredSections {
        .encoded(row, count: SectionChunkCoding.sectionCount(of: row))
    }

    /// The sections.
    var sections: [CardSection] {
        switch self {
        case .parsed(let sections): return sections
        case .encoded(let row, _):
            guard let sections = SectionChunkCoding.decodeRow(row) else {
                preconditionFailure("a card's encoded sections were checked when the card was made")
            }
            return sections
        }
    }

    /// Each section's plain text; read from the bytes of encoded sections without decoding them.
    var plainTexts: [SectionPlainText] {
        switch self {
        case .parsed(let sections): return sections.map(SectionPlainText.init)
        case .encoded(let row, _):
            guard let texts = SectionChunkCoding.plainTexts(ofRow: row) else {
                preconditionFailure("a card's encoded sections were checked when the card was made")
            }
            return texts
        }
    }

    /// How many sections there are, without decoding them.
    var count: Int {
        switch self {
        case .parsed(let sections): sections.count
        case .encoded(_, let count): count
        }
    }
}

extension StoredSections: Equatable {
    /// Equal sections, whichever form each side keeps them in.
    static func == (lhs: StoredSections, rhs: StoredSections) -> Bool {
        if case .encoded(let left, _) = lhs, case .encoded(let right, _) = rhs, left.elementsEqual(right) { return true }
        return lhs.sections == rhs.sections
    }
}
