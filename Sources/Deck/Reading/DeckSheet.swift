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
    /// The export, for reading it through a ``RowSnapshot``.
    var export: SnapshotSource?
    /// The export's path inside the content folder (`deck/review.tsv`): what its snapshot is kept under,
    /// the same whichever way `--content` is spelled (`path` is as the build shows it).
    var snapshotKey: String?

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
        let hasReplacement = Self.holdsReplacement(decoded.text)
        if forcedEncoding == nil && hasReplacement {
            log.warning("some bytes are not valid \(encoding.rawValue) and show as \u{FFFD}; pass --deck-encoding to choose the export's encoding", at: file)
        }
        var parsed = TabularText.parseWithEnds(decoded.text)
        let issues = parsed.issues, endLine = parsed.line
        // A snapshot needs each row's place in the file: counted in the text before it is let go.
        // The text is the file's bytes decoded without loss (no U+FFFD, no odd byte left): its blocks
        // are hashed from it, so each hash is that of the very bytes its rows were read from.
        let snapshotting = chunks != nil && issues.isEmpty && !hasReplacement
            && (encoding != .utf16LE && encoding != .utf16BE || (byteCount - decoded.textStart) % 2 == 0)
        let ends = snapshotting ? Self.fileOffsets(of: parsed.ends, in: decoded.text, encoding: encoding, base: decoded.textStart) : []
        let text = snapshotting ? decoded.text : ""
        let textEnds = snapshotting ? parsed.ends : []  // where each row ends in the text, beside `ends` in the file
        let endLines = parsed.endLines
        var rows = parsed.rows
        parsed = TabularText.Parser.Result()
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
        reportHeader(found.warnings, line: headerRow.line, log: &log)
        var result: [CardRow] = []
        var records: [RowRecord] = []  // kept for a snapshot only
        var cardRecords: [Int] = []
        var previousCategory: String?
        // Each row's record (its cells checked, its names read) is made on every core; the records are
        // then replayed in order, which reports their problems.
        var bodyRecords: [RowRecord?] = {
            let allRows = rows, columns = found.columns
            return Array(allRows.indices.dropFirst(found.index + 1)).concurrentMap(part: 512) { position in
                RowRecord(allRows[position], columns: columns)
            }
        }()
        for (position, made) in zip(rows.indices.dropFirst(found.index + 1), bodyRecords) {
            guard var record = made else { continue }
            if let card = replay(record, columns: found.columns, images: images, previousCategory: &previousCategory, log: &log) {
                if snapshotting { cardRecords.append(records.count) }
                result.append(card)
            }
            if snapshotting {
                record.end = ends[position]
                record.nextLine = endLines[position]
                record.cells = nil
                records.append(record)
            }
        }
        let header = snapshotting ? headerRow.cells.map(String.init) : []
        bodyRecords = []
        rows = []  // the cards now hold the cells they need (slices of the text, freed once parsed)
        parseSections(of: &result, columns: found.columns)
        if snapshotting {
            let layout = RowSnapshot(size: byteCount, encoding: encoding, forced: forcedEncoding, textStart: decoded.textStart,
                                     headerLine: headerRow.line, header: header, endLine: endLine, blocks: [], records: consume records)
            let textStart = decoded.textStart, fileEnds = ends
            let mark = Self.byteOrderMark(encoding, length: textStart), guessed = layout.isGuessedCodePage
            keep(snapshot(consume layout, cards: result, cardRecords: cardRecords) { range in
                // A block starts and ends where a row ends (or at the file's ends): found by halving.
                func textOffset(_ fileOffset: Int) -> Int? {
                    if fileOffset == 0 { return 0 }
                    if fileOffset == byteCount { return text.utf8.count }
                    var low = 0, high = fileEnds.count
                    while low < high {
                        let middle = (low + high) / 2
                        if fileEnds[middle] < fileOffset { low = middle + 1 } else { high = middle }
                    }
                    return low < fileEnds.count && fileEnds[low] == fileOffset ? textEnds[low] : nil
                }
                guard let from = textOffset(range.lowerBound), let to = textOffset(range.upperBound) else { return nil }
                return Self.facts(of: text, utf8: from..<to, as: encoding, after: range.lowerBound == 0 ? mark : [], guessed: guessed)
            })
        }
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

    /// Parses the Header/Info cells of a row (pure, so rows are parsed in parallel).
    static func sections(of cells: [Substring], columns: DeckColumns) -> [CardSection] {
        columns.sections.compactMap { pair -> CardSection? in
            let header = block(cells, pair.header).map(InfoParser.headerLines(from:)) ?? []
            let info = block(cells, pair.info).map(InfoParser.blocks(from:)) ?? []
            if header.isEmpty && info.isEmpty { return nil }
            return CardSection(header: header, info: info, number: pair.number)
        }
    }

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

    /// Whether a cell is empty, blank or `nil`, without copying large cells.
    static func isBlank(_ cell: Substring) -> Bool {
        block([cell], 0) == nil
    }
}
