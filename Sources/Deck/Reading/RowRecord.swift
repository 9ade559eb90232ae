import Diagnostics
import Foundation

/// What one row of an export says on its own, before the rows above it (a blank Category takes the
/// one above) and the images folder are consulted.
///
/// ``DeckSheet`` reads every row through a record (``init(_:columns:)``, then
/// ``DeckSheet/replay(_:columns:images:previousCategory:log:)``), and a row an edit left alone comes
/// back from the previous build's ``RowSnapshot`` as the same record: both ways give the same cards
/// and the same diagnostics.
struct RowRecord: Sendable, Equatable {
    /// A cell over its size cap: the row is refused with this message at this (0-based) column.
    struct Refusal: Sendable, Equatable {
        var column: Int
        var message: String
    }

    /// 1-based line the row starts on.
    var line: Int
    /// Where the row ends in the file, in bytes, after its line break, and the line there (known when
    /// a snapshot is made or used).
    var end = 0
    var nextLine = 0
    var category: String?
    var topic: String?
    var subtopic: String?
    var slide: String?
    /// The Image cell (names separated by commas) and the Image Caption cell (captions separated by `*`).
    var imageList: String?
    var captions: String?
    /// The first column past the header's columns that has text (0-based): warned about, ignored.
    var extraColumn: Int?
    var refusal: Refusal?
    /// The digest of the section cells (``SectionChunkCoding/digest(of:columns:)``), once known.
    var sectionsDigest: ContentDigest?
    /// Where the sections were kept when they were parsed: set for a card row once its sections are known.
    var keptSections: KeptSections?
    /// The row's cells, for a row read from the text now (its sections are parsed from them).
    var cells: [Substring]?

    /// The record of `row`, or `nil` when every cell is blank (such a row says nothing).
    init?(_ row: TabularRow, columns: DeckColumns) {
        let cells = row.cells
        if cells.allSatisfy(DeckSheet.isBlank) { return nil }
        line = row.line
        if let problem = DeckSheet.oversizedCell(cells, columns: columns) {
            refusal = Refusal(column: problem.column, message: problem.message)
            return
        }
        if cells.count > columns.lastUsedColumn + 1,
           let extra = cells[(columns.lastUsedColumn + 1)...].firstIndex(where: { !DeckSheet.isBlank($0) }) {
            extraColumn = extra
        }
        category = DeckSheet.value(cells, columns.category)
        topic = DeckSheet.value(cells, columns.topic)
        subtopic = DeckSheet.value(cells, columns.subtopic)
        slide = DeckSheet.value(cells, columns.slide)
        imageList = DeckSheet.value(cells, columns.image)
        captions = DeckSheet.value(cells, columns.caption)
        if topic != nil || subtopic != nil { self.cells = cells }
    }

    /// A record with these values (a snapshot's).
    init(line: Int, end: Int, nextLine: Int, category: String?, topic: String?, subtopic: String?, slide: String?,
         imageList: String?, captions: String?, extraColumn: Int?, sectionsDigest: ContentDigest?, keptSections: KeptSections?) {
        self.line = line
        self.end = end
        self.nextLine = nextLine
        self.category = category
        self.topic = topic
        self.subtopic = subtopic
        self.slide = slide
        self.imageList = imageList
        self.captions = captions
        self.extraColumn = extraColumn
        self.sectionsDigest = sectionsDigest
        self.keptSections = keptSections
    }

    /// Whether the row is a card (it has a Topic or a Subtopic), so it has sections.
    var isCard: Bool { topic != nil || subtopic != nil }
}

/// Where a row's parsed sections are kept: in the section chunk `chunk` of `rowCount` rows, at `index`
/// (``SectionChunkCoding``).
struct KeptSections: Sendable, Equatable {
    var chunk: ContentDigest
    var rowCount: Int
    var index: Int
}

extension DeckSheet {
    /// The card row of `record` given the rows above it (`previousCategory`) and the images folder;
    /// `nil` when the row is ignored. Reports what `read` always reported, in the same order.
    mutating func replay(_ record: RowRecord, columns: DeckColumns, images: ImageFolder,
                         previousCategory: inout String?, log: inout DiagnosticLog) -> CardRow? {
        let at = SourceLocation(path: path, line: record.line, column: 1)
        if let refusal = record.refusal {
            log.error(refusal.message, at: SourceLocation(path: path, line: record.line, column: refusal.column + 1))
            return nil
        }
        if let extra = record.extraColumn {
            log.warning("column \(extra + 1) has text but no header; name it (e.g. Header N / InfoN) or remove it — it is ignored",
                        at: SourceLocation(path: path, line: record.line, column: extra + 1))
        }
        var category = record.category
        if category == nil {
            guard record.isCard else {
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
        let source = SourceLine(path: path, line: record.line)
        guard record.isCard else {
            return CardRow(category: category, topic: nil, subtopic: nil, slide: record.slide, images: [], sections: .parsed([]),
                           source: source)
        }
        var card = CardRow(category: category, topic: record.topic, subtopic: record.subtopic, slide: record.slide,
                           images: readImages(record, columns: columns, images: images, log: &log),
                           sections: .parsed([]), source: source)
        card.pendingCells = record.cells
        card.sectionsDigest = record.sectionsDigest
        card.keptSections = record.keptSections
        return card
    }

    private mutating func readImages(_ record: RowRecord, columns: DeckColumns, images: ImageFolder,
                                     log: inout DiagnosticLog) -> [CardImage] {
        let line = record.line
        guard let list = record.imageList else {
            if record.captions != nil {
                log.warning("captions are given but no image; the captions are ignored",
                            at: SourceLocation(path: path, line: line, column: (columns.caption ?? 0) + 1))
            }
            return []
        }
        let imageColumn = (columns.image ?? 0) + 1
        let names = list.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty && $0.lowercased() != "nil" }
        let captions = (record.captions ?? "").split(separator: "*", omittingEmptySubsequences: false)
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
