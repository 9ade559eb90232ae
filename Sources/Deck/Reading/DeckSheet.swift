import Foundation
import Diagnostics

/// One deck export file: decoding, header discovery and row reading.
struct DeckSheet {
    let path: String
    let forcedEncoding: DeckEncoding?
    /// Sections parsed by an earlier read (`loupe serve`), or `nil`.
    var memo: SectionMemo? = nil
    /// Sections an earlier build kept (`loupe build`), or `nil`.
    var chunks: (any SectionChunkStore)? = nil
    /// Images named while the images folder is absent: reported once, not once per image.
    var missingImages = 0

    /// How many leading rows are searched for the header (exports sometimes carry a title row).
    static let headerSearchRows = 10

    /// Reads the card rows of an export of `byteCount` bytes, decoded (``DeckFileReader``).
    ///
    /// Each stage drops its input as soon as the next one has it (text → rows → cards).
    mutating func cardRows(of decoded: consuming DeckDecoder.Decoded, byteCount: Int, images: ImageFolder,
                           log: inout DiagnosticLog) -> [CardRow] {
        let file = SourceLocation(path: path)
        guard byteCount > 0 else {
            log.error("the file is empty; export the deck sheet again as tab-delimited text", at: file)
            return []
        }
        let encoding = decoded.encoding
        // U+FFFD is EF BF BD in UTF-8: look for its first byte with memchr before scanning scalars.
        let mayHoldReplacement = decoded.text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0xEF, bytes.count) != nil } ?? false }
        if forcedEncoding == nil && mayHoldReplacement && decoded.text.unicodeScalars.contains("\u{FFFD}") {
            log.warning("some bytes are not valid \(encoding.rawValue) and show as \u{FFFD}; pass --deck-encoding to choose the export's encoding", at: file)
        }
        var (rows, issues) = TabularText.parse(decoded.text)
        decoded.text = ""
        for issue in issues {
            log.error(issue.message, at: SourceLocation(path: path, line: issue.line, column: issue.column))
        }
        var found: (index: Int, columns: DeckColumns, warnings: [(Int, String)])?
        var missingColumn: (line: Int, name: String)?
        for (index, row) in rows.prefix(Self.headerSearchRows).enumerated() {
            switch DeckColumns.find(in: row.cells.map(String.init)) {
            case .success(let (columns, warnings)):
                found = (index, columns, warnings)
            case .failure(.missing(let name)):
                missingColumn = missingColumn ?? (row.line, name)
            case .failure(.notAHeader):
                break
            }
            if found != nil { break }
        }
        guard let found else {
            if let missingColumn {
                log.error("the header row has no '\(missingColumn.name)' column; name the columns Category, Topic, Subtopic, Image, Image Caption, Header 1, Info1, …",
                          at: SourceLocation(path: path, line: missingColumn.line, column: 1))
            } else {
                log.error("no recognisable header row (Category, Topic, Subtopic, …) in the first \(Self.headerSearchRows) rows; is this a tab-delimited deck export? (detected \(encoding.rawValue); --deck-encoding forces another)",
                          at: SourceLocation(path: path, line: 1, column: 1))
            }
            return []
        }
        let headerRow = rows[found.index]
        for (column, message) in found.warnings {
            log.warning(message, at: SourceLocation(path: path, line: headerRow.line, column: column + 1))
        }
        var result: [CardRow] = []
        var previousCategory: String?
        for row in rows.dropFirst(found.index + 1) {
            if let card = read(row, columns: found.columns, images: images, previousCategory: &previousCategory, log: &log) {
                result.append(card)
            }
        }
        rows = []  // the cards now hold the cells they need (slices of the text, freed once parsed)
        parseSections(of: &result, columns: found.columns)
        return result
    }

    /// A cell's value: `nil` (any case) and blanks mean empty.
    static func value(_ cells: [Substring], _ index: Int?) -> String? {
        guard let index, index < cells.count else { return nil }
        let text = cells[index].trimmingSpaces
        if text.isEmpty || text.lowercased() == "nil" { return nil }
        return text
    }

    /// A multi-line cell's value, keeping inner line breaks.
    static func block(_ cells: [Substring], _ index: Int?) -> Substring? {
        guard let index, index < cells.count else { return nil }
        let text = cells[index]
        // Only short cells can be blank or "nil"; avoid scanning large cells.
        if text.utf8.count <= 16 {
            let trimmed = text.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            if trimmed.isEmpty || String(decoding: trimmed, as: UTF8.self).lowercased() == "nil" { return nil }
        } else if !text.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            return nil
        }
        return text
    }

    private mutating func read(_ row: TabularRow, columns: DeckColumns, images: ImageFolder,
                      previousCategory: inout String?, log: inout DiagnosticLog) -> CardRow? {
        let cells = row.cells
        let at = SourceLocation(path: path, line: row.line, column: 1)
        if cells.allSatisfy(Self.isBlank) { return nil }
        if let problem = Self.oversizedCell(cells, columns: columns) {
            log.error(problem.message, at: SourceLocation(path: path, line: row.line, column: problem.column + 1))
            return nil
        }
        if cells.count > columns.lastUsedColumn + 1,
           let extra = cells[(columns.lastUsedColumn + 1)...].firstIndex(where: { !Self.isBlank($0) }) {
            log.warning("column \(extra + 1) has text but no header; name it (e.g. Header N / InfoN) or remove it — it is ignored",
                        at: SourceLocation(path: path, line: row.line, column: extra + 1))
        }
        var category = Self.value(cells, columns.category)
        let topic = Self.value(cells, columns.topic)
        let subtopic = Self.value(cells, columns.subtopic)
        if category == nil {
            guard topic != nil || subtopic != nil else {
                log.warning("row has text but no Category, Topic or Subtopic; it is ignored", at: at)
                return nil
            }
            guard let previous = previousCategory else {
                log.warning("row has no Category and no earlier row gives one; fill in the Category cell — the row is ignored", at: at)
                return nil
            }
            log.warning("row has no Category; using '\(previous)' from the row above", at: at)
            category = previous
        }
        guard let category else { return nil }
        previousCategory = category
        let slide = Self.value(cells, columns.slide)
        if topic == nil && subtopic == nil {
            return CardRow(category: category, topic: nil, subtopic: nil, slide: slide, images: [], sections: .parsed([]),
                           source: SourceLine(path: path, line: row.line))
        }
        var card = CardRow(category: category, topic: topic, subtopic: subtopic, slide: slide,
                           images: readImages(cells, columns: columns, images: images, line: row.line, log: &log),
                           sections: .parsed([]), source: SourceLine(path: path, line: row.line))
        card.pendingCells = cells
        return card
    }

    /// Parses the Header/Info cells of a row (pure, so rows are parsed in parallel).
    static func sections(of cells: [Substring], columns: DeckColumns) -> [CardSection] {
        columns.sections.compactMap { pair -> CardSection? in
            let header = block(cells, pair.header).map(InfoParser.headerLines(from:)) ?? []
            let info = block(cells, pair.info).map(InfoParser.blocks(from:)) ?? []
            if header.isEmpty && info.isEmpty { return nil }
            return CardSection(header: header, info: info, number: pair.number)
        }
    }

    /// Whether a cell is empty, blank or `nil`, without copying large cells.
    /// The longest title (Category, Topic, Subtopic) a deck may hold, in UTF-8 bytes.
    static let maximumTitleBytes = 4 * 1024
    /// The longest cell a deck may hold, in UTF-8 bytes.
    static let maximumCellBytes = 1024 * 1024

    /// The first cell over its size cap (a runaway quote or a pasted file, never a real card), with
    /// its column index and a message; such a row is refused before any work is done on it.
    static func oversizedCell(_ cells: [Substring], columns: DeckColumns) -> (column: Int, message: String)? {
        let titles: Set<Int> = [columns.category, columns.topic, columns.subtopic]
        for (index, cell) in cells.enumerated() {
            let size = cell.utf8.count
            if titles.contains(index), size > maximumTitleBytes {
                return (index, "this title is \(size / 1024) KB long; a Category, Topic or Subtopic may be at most \(maximumTitleBytes / 1024) KB — is a closing quote missing? the row is ignored")
            }
            if size > maximumCellBytes {
                return (index, "this cell is \(size / 1024) KB long; a cell may be at most \(maximumCellBytes / 1024 / 1024) MB — is a closing quote missing? the row is ignored")
            }
        }
        return nil
    }

    static func isBlank(_ cell: Substring) -> Bool {
        block([cell], 0) == nil
    }

    private mutating func readImages(_ cells: [Substring], columns: DeckColumns, images: ImageFolder, line: Int,
                            log: inout DiagnosticLog) -> [CardImage] {
        guard let list = Self.value(cells, columns.image) else {
            if Self.value(cells, columns.caption) != nil {
                log.warning("captions are given but no image; the captions are ignored",
                            at: SourceLocation(path: path, line: line, column: (columns.caption ?? 0) + 1))
            }
            return []
        }
        let imageColumn = (columns.image ?? 0) + 1
        let names = list.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty && $0.lowercased() != "nil" }
        let captions = (Self.value(cells, columns.caption) ?? "").split(separator: "*", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let usedCaptions = captions.count == 1 && captions[0].isEmpty ? [] : captions
        if !usedCaptions.isEmpty && usedCaptions.count != names.count {
            log.warning("\(names.count) image(s) but \(usedCaptions.count) caption(s); captions are matched by position (separate captions with *)",
                        at: SourceLocation(path: path, line: line, column: (columns.caption ?? 0) + 1))
        }
        var result: [CardImage] = []
        for (index, name) in names.enumerated() {
            let caption = index < usedCaptions.count && !usedCaptions[index].isEmpty && usedCaptions[index].lowercased() != "nil"
                ? usedCaptions[index] : nil
            guard ImageFolder.isSafe(name) else {
                log.warning("image name '\(name)' is not a file name inside deck/images/; it is ignored",
                            at: SourceLocation(path: path, line: line, column: imageColumn))
                continue
            }
            if let real = images.lookup(name) {
                result.append(CardImage(file: real, caption: caption, exists: true))
            } else if !images.exists {
                missingImages += 1
            } else {
                log.warning("image '\(name)' is not in deck/images/; the card is shown without it",
                            at: SourceLocation(path: path, line: line, column: imageColumn))
            }
        }
        return result
    }
}
