import Diagnostics

/// A card's sections as a card keeps them: parsed, or (when read from a deck) as their row's bytes in
/// the chunk form of ``SectionChunkCoding``, decoded each time they are asked for: in memory, or in
/// the previous build's chunk file, mapped.
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
    /// One row of a chunk file an earlier build kept, mapped rather than read: an update of a
    /// 10,000-card site reads every unchanged card's row (17 MB) and decodes few of them.
    case mapped(FileBytes, Range<Int>, count: Int)

    /// A row's bytes, with their section count.
    static func encoded(_ row: ArraySlice<UInt8>) -> StoredSections {
        .encoded(row, count: SectionChunkCoding.sectionCount(of: row))
    }

    /// The row at `range` of a mapped chunk, with its section count.
    static func mapped(_ chunk: FileBytes, _ range: Range<Int>) -> StoredSections {
        .mapped(chunk, range, count: chunk.withBytes { SectionChunkCoding.sectionCount(of: UnsafeBufferPointer(rebasing: $0[range])) })
    }

    /// Calls `body` with the bytes of encoded or mapped sections, `nil` for parsed ones.
    private func withRow<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        switch self {
        case .parsed: nil
        case .encoded(let row, _): row.withUnsafeBufferPointer(body)
        case .mapped(let chunk, let range, _): chunk.withBytes { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// The sections.
    var sections: [CardSection] {
        if case .parsed(let sections) = self { return sections }
        guard let sections = withRow(SectionChunkCoding.decodeRow) ?? nil else {
            preconditionFailure("a card's encoded sections were checked when the card was made")
        }
        return sections
    }

    /// Each section's plain text; read from the bytes of encoded sections without decoding them.
    var plainTexts: [SectionPlainText] {
        if case .parsed(let sections) = self { return sections.map(SectionPlainText.init) }
        guard let texts = withRow({ SectionChunkCoding.plainTexts(ofRow: $0) }) ?? nil else {
            preconditionFailure("a card's encoded sections were checked when the card was made")
        }
        return texts
    }

    /// How many sections there are, without decoding them.
    var count: Int {
        switch self {
        case .parsed(let sections): sections.count
        case .encoded(_, let count), .mapped(_, _, let count): count
        }
    }
}

extension StoredSections: Equatable {
    /// Equal sections, whichever form each side keeps them in.
    static func == (lhs: StoredSections, rhs: StoredSections) -> Bool {
        let sameBytes = lhs.withRow { left in rhs.withRow { right in left.elementsEqual(right) } ?? false } ?? false
        return sameBytes || lhs.sections == rhs.sections
    }
}
