@testable import Deck
import Diagnostics
import Foundation
import Synchronization
import Testing
import TestSupport

/// Row snapshots (`RowSnapshot`): after any edit, reading an export through the previous read's
/// snapshot must give exactly the deck, the diagnostics and the next snapshot that reading it whole
/// gives; and a snapshot that does not fit the file must never be used.
@Suite("Row snapshots: an edit reads only what changed", .serialized)
struct RowSnapshotTests {
    /// A store in memory keeping chunks and snapshots as a site's `.loupe/` does.
    /// Like a site, a snapshot a read did not write again is gone after it (``finishRead()``).
    final class SnapshotStore: SectionChunkStore {
        struct State {
            var chunks: [ContentDigest: [UInt8]] = [:]
            var snapshots: [String: [UInt8]] = [:], written: [String: [UInt8]] = [:]
        }
        let state = Mutex(State())
        func chunk(named name: ContentDigest) -> [UInt8]? { state.withLock { $0.chunks[name] } }
        func keepChunk(named name: ContentDigest) -> Bool { state.withLock { $0.chunks[name] != nil } }
        func store(_ bytes: [UInt8], named name: ContentDigest) { state.withLock { $0.chunks[name] = bytes } }
        func previousChunk(named name: ContentDigest) -> [UInt8]? { state.withLock { $0.chunks[name] } }
        func rowSnapshot(for path: String) -> FileBytes? { state.withLock { $0.snapshots[path] }.map(FileBytes.init) }
        func storeRowSnapshot(_ bytes: [UInt8], for path: String) { state.withLock { $0.written[path] = bytes } }
        func finishRead() { state.withLock { $0.snapshots = $0.written; $0.written = [:] } }
        var snapshot: [UInt8]? { state.withLock { $0.snapshots.values.first } }
        func forgetChunks() { state.withLock { $0.chunks = [:] } }
    }

    /// How the export is written.
    enum Form: CaseIterable {
        case utf16WithMark, utf8, utf8WithMark, macRoman, windows1252

        func bytes(_ text: String) -> [UInt8] {
            switch self {
            case .utf16WithMark:
                return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf8: return Array(text.utf8)
            case .utf8WithMark: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            case .macRoman, .windows1252:
                // Excel's "Tab delimited Text": what the code page lacks becomes "?", as Excel writes it.
                let encoder = LegacyCodePages.encoder(for: self == .macRoman ? .macRoman : .windows1252)
                return text.unicodeScalars.map { $0.value < 0x80 ? UInt8($0.value) : encoder[$0.value] ?? UInt8(ascii: "?") }
            }
        }
    }

    /// A deck's rows (each without its line break), shaped like a real export: quoted multi-line
    /// cells, a blank Category taken from the row above, images that are missing, an extra column.
    static func rows(count: Int, random: inout SeededRandom) -> [String] {
        (0..<count).map { row(number: $0, random: &random) }
    }

    static func row(number: Int, random: inout SeededRandom) -> String {
        let categories = ["Retina", "Cornea", "Lens", "Glaucoma"]
        let category = random.next(below: 9) == 0 ? "" : categories[random.next(below: categories.count)]
        let image = random.next(below: 7) == 0 ? "missing-\(number).png" : "nil"
        let extra = random.next(below: 11) == 0 ? "\tstray text" : ""
        let info = ["- <b>bold</b> point\n  - nested", "1. first\r\n2. second", "Mnemonic: ABC", "‘quoted’ – dash αβγ 👁"]
        return "\(number)\t\(category)\tTopic \(random.next(below: 12))\tCard \(number) \(random.next(below: 1000))\t\(image)\tnil\t"
            + "\"# Question \(number)?\"\t\"\(info[random.next(below: info.count)])\"\tWhy \(number)?\t\"\(info[random.next(below: info.count)])\"\(extra)"
    }

    static let header = "Title row of the export\n\tCategory\tTopic\tSubtopic\tImage\tImage Caption\tHeader 1\tInfo1\tHeader2\tInfo2"

    /// The export's text: rows ended by CRLF or LF (each row keeps its own).
    static func text(_ rows: [String], endings: [String]) -> String {
        header + "\r\n" + zip(rows, endings).map { $0 + $1 }.joined()
    }

    /// Reads `bytes` as the only deck file through `store` (if any).
    static func read(_ bytes: [UInt8], in root: URL, store: SnapshotStore?, forced: DeckEncoding? = nil, streaming: Bool = false,
                     display: String = "content/deck") throws -> (deck: Deck?, diagnostics: [Diagnostic], reused: Bool) {
        let folder = root.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("deck.tsv")
        if (try? Data(contentsOf: file)) != Data(bytes) { try Data(bytes).write(to: file) }
        var reader = DeckReader(deckDirectory: folder, displayDirectory: display, forcedEncoding: forced)
        reader.chunks = store
        if streaming { reader.streamingAbove = 0 }
        var log = DiagnosticLog()
        var reused = 0
        let deck = reader.read(log: &log, reusedSnapshots: &reused)
        store?.finishRead()
        return (deck, log.all, reused > 0)
    }

    enum Edit: CaseIterable {
        case word, insert, delete, blankCategory, firstRow, append, removeLast, swap, missingImage, blankLine, lineEnding, grow

        func apply(to rows: inout [String], endings: inout [String], random: inout SeededRandom) {
            let index = random.next(below: rows.count)
            switch self {
            case .word: rows[index] = rows[index].replacingOccurrences(of: "Question", with: "Query \(random.next(below: 100))")
            case .insert:
                rows.insert(RowSnapshotTests.row(number: 1000 + random.next(below: 1000), random: &random), at: index)
                endings.insert("\r\n", at: index)
            case .delete: rows.remove(at: index); endings.remove(at: index)
            case .blankCategory:
                var cells = rows[index].components(separatedBy: "\t")
                cells[1] = ""
                rows[index] = cells.joined(separator: "\t")
            case .firstRow: rows[0] += " first"
            case .append:
                rows.append(RowSnapshotTests.row(number: 2000 + random.next(below: 1000), random: &random))
                endings.append(random.next(below: 2) == 0 ? "\r\n" : "\n")
            case .removeLast: rows.removeLast(); endings.removeLast()
            case .swap: rows.swapAt(index, random.next(below: rows.count))
            case .missingImage: rows[index] = rows[index].replacingOccurrences(of: "\tnil\tnil\t", with: "\tgone.png\tnil\t")
            case .blankLine: rows.insert("", at: index); endings.insert("\n", at: index)
            case .lineEnding: endings[index] = endings[index] == "\n" ? "\r\n" : "\n"
            case .grow: rows[index] += String(repeating: " more", count: 1 + random.next(below: 50))
            }
        }
    }

    @Test(arguments: Form.allCases)
    func afterRandomEditsAReadThroughTheSnapshotEqualsAWholeRead(form: Form) throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 11)
        var rows = Self.rows(count: 250, random: &random)
        var endings = rows.map { _ in random.next(below: 5) == 0 ? "\n" : "\r\n" }
        let store = SnapshotStore()
        let first = try Self.read(form.bytes(Self.text(rows, endings: endings)), in: root, store: store)
        #expect(first.deck != nil && !first.reused)
        #expect(store.snapshot != nil, "a whole read keeps a snapshot")
        var reusedCount = 0
        var edits = Edit.allCases + Edit.allCases.shuffled(using: &random).prefix(4)
        edits.shuffle(using: &random)
        for (step, edit) in edits.enumerated() {
            edit.apply(to: &rows, endings: &endings, random: &random)
            let bytes = form.bytes(Self.text(rows, endings: endings))
            let updated = try Self.read(bytes, in: root, store: store)
            let snapshot = store.snapshot
            let coldStore = SnapshotStore()
            let cold = try Self.read(bytes, in: root.appendingPathComponent("cold"), store: coldStore)
            let whole = try Self.read(bytes, in: root.appendingPathComponent("plain"), store: nil)
            #expect(updated.deck == whole.deck, "step \(step) \(edit): the deck differs from a whole read")
            #expect(updated.diagnostics == whole.diagnostics, "step \(step) \(edit): diagnostics differ")
            #expect(cold.deck == whole.deck && cold.diagnostics == whole.diagnostics)
            #expect(snapshot == coldStore.snapshot, "step \(step) \(edit): the next snapshot differs from a whole read's")

            if updated.reused { reusedCount += 1 }
            if edit == .firstRow { #expect(!updated.reused, "the header's block changed: the file is read whole") }
        }
        #expect(reusedCount >= edits.count - 3, "the snapshot was used in \(reusedCount) of \(edits.count) edits")
    }

    /// The real export (Mac OS Roman, guessed, 119 cards), edited in its own bytes as a user retitling a
    /// card and changing a word in its second half would: read through its snapshot, it gives the deck, the diagnostics and
    /// the next snapshot a whole read gives.
    @Test(.enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))
    func theRealDeckIsReadThroughItsSnapshotAfterAnEdit() throws {
        let folder = try #require(SharedData.folder("deck"))
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".tsv") })
        var bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        let root = try TemporaryFolder.make("row-snapshots-real")
        defer { TemporaryFolder.remove(root) }
        let store = SnapshotStore()
        let first = try Self.read(bytes, in: root, store: store)
        #expect(first.deck?.cardCount == 119 && !first.reused && store.snapshot != nil)
        func replace(_ old: String, _ new: String, after start: Int) throws {
            let range = try #require(bytes.indices.dropFirst(start).first { bytes[$0...].starts(with: Array(old.utf8)) }.map { $0..<$0 + old.utf8.count })
            bytes.replaceSubrange(range, with: Array(new.utf8))
        }
        // Past the first rows: a change in the block that holds the header reads the file whole.
        try replace("Asteroid Hyalosis", "Asteroid Hyalosis (AH)", after: bytes.count / 2)
        try replace("retina", "RETINA", after: bytes.count / 2)
        let updated = try Self.read(bytes, in: root, store: store)
        let coldStore = SnapshotStore()
        let whole = try Self.read(bytes, in: root.appendingPathComponent("cold"), store: coldStore)
        #expect(updated.reused, "the edit was read through the snapshot")
        #expect(updated.deck == whole.deck && updated.diagnostics == whole.diagnostics)
        #expect(store.snapshot == coldStore.snapshot)
        #expect(updated.deck?.cards.contains { $0.title == "Asteroid Hyalosis (AH)" } == true)
    }

    /// A snapshot is kept under the export's path inside the content folder, not as the build shows it:
    /// a build given `--content` spelled another way (an absolute path, `./content`) reads an edit
    /// through the snapshot the last build kept, and reports the file as it is shown now.
    @Test func aSnapshotIsFoundHoweverTheContentFolderIsSpelled() throws {
        var random = SeededRandom(seed: 7)
        var rows = Self.rows(count: 400, random: &random)
        let endings = Array(repeating: "\r\n", count: rows.count + 1)
        let root = try TemporaryFolder.make("row-snapshots-spelled")
        defer { TemporaryFolder.remove(root) }
        let store = SnapshotStore()
        let first = try Self.read(Form.utf16WithMark.bytes(Self.text(rows, endings: endings)), in: root, store: store)
        #expect(first.deck != nil && !first.reused)
        #expect(store.state.withLock { Array($0.snapshots.keys) } == ["deck/deck.tsv"])
        rows[300] = Self.row(number: 9_999, random: &random)
        let elsewhere = root.path + "/./content/deck"
        let updated = try Self.read(Form.utf16WithMark.bytes(Self.text(rows, endings: endings)), in: root, store: store, display: elsewhere)
        #expect(updated.reused, "the snapshot kept under deck/deck.tsv was found")
        let whole = try Self.read(Form.utf16WithMark.bytes(Self.text(rows, endings: endings)), in: root.appendingPathComponent("cold"),
                                  store: SnapshotStore(), display: elsewhere)
        #expect(updated.deck == whole.deck && updated.diagnostics == whole.diagnostics)
        #expect(updated.diagnostics.allSatisfy { $0.location.path.hasPrefix(elsewhere) }, "diagnostics name the file as shown now")
    }

    /// A quote that runs past the changed bytes (it swallows the next row's line break), a quote never
    /// closed (an error), a chunk gone: each is read whole and reports what a whole read reports.
    @Test func anEditThatMovesQuotingOrLosesAChunkIsReadWhole() throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 3)
        var rows = Self.rows(count: 300, random: &random)
        let endings = rows.map { _ in "\r\n" }
        let store = SnapshotStore()
        func check(_ label: String, reused expected: Bool?) throws {
            let bytes = Form.utf8.bytes(Self.text(rows, endings: endings))
            let updated = try Self.read(bytes, in: root, store: store)
            let whole = try Self.read(bytes, in: root.appendingPathComponent("plain"), store: nil)
            if let expected { #expect(updated.reused == expected, "\(label)") }
            #expect(updated.diagnostics == whole.diagnostics && updated.deck == whole.deck, "\(label)")
        }
        try check("first read", reused: false)
        // The last row of the second block: a quote opened there closes in the block after it.
        let snapshot = try #require(store.snapshot.flatMap(RowSnapshot.init(decoding:)))
        let title = try #require(snapshot.records[snapshot.blocks[1].rows.upperBound - 1].subtopic)
        let last = try #require(rows.firstIndex { $0.contains("\t\(title)\t") })
        rows[last] += "\t\"stray"
        try check("stray quote", reused: nil)  // closed in the next row, which is read again with it
        rows[last].removeLast(7)
        try check("repaired", reused: nil)
        // Rows without quotes: a quote opened at a block's end runs past every byte read again.
        let quoted = rows
        rows = rows.map { $0.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\n", with: " ") }
        try check("plain rows", reused: false)
        rows[last] += "\t\"runaway"
        try check("runaway quote", reused: false)
        rows = quoted
        try check("quoted again", reused: false)
        rows[299] += "\t\"never closed"
        try check("unclosed quote", reused: false)
        rows[299].removeLast(14)
        try check("repaired again", reused: nil)
        rows[200] += " edited"
        try check("an edit", reused: true)
        rows[100] += " edited"
        store.forgetChunks()
        try check("sections no chunk holds", reused: false)
    }

    /// A row ending in a lone CR just before the changed bytes, which now start with LF: read whole,
    /// CR LF is one line break, so the rows after it keep their line numbers.
    @Test func aLineFeedAfterALoneCarriageReturnIsOneLineBreak() throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 8)
        var rows = Self.rows(count: 300, random: &random)
        var endings = rows.map { _ in "\r\n" }
        let store = SnapshotStore()
        // First read, to find where the first block ends; then that row ends in a lone CR.
        _ = try Self.read(Form.utf16WithMark.bytes(Self.text(rows, endings: endings)), in: root, store: store)
        let snapshot = try #require(store.snapshot.flatMap(RowSnapshot.init(decoding:)))
        let title = try #require(snapshot.records[snapshot.blocks[0].rows.upperBound - 1].subtopic)
        let last = try #require(rows.firstIndex { $0.contains("\t\(title)\t") })
        endings[last] = "\r"
        for (label, change) in [("lone CR", {}), ("LF after it", { rows.insert("", at: last + 1); endings.insert("\n", at: last + 1) })] {
            change()
            let bytes = Form.utf16WithMark.bytes(Self.text(rows, endings: endings))
            let updated = try Self.read(bytes, in: root, store: store)
            let whole = try Self.read(bytes, in: root.appendingPathComponent("plain"), store: nil)
            #expect(updated.diagnostics == whole.diagnostics && updated.deck == whole.deck, "\(label)")
            #expect(whole.diagnostics.contains { $0.location.line ?? 0 > 100 }, "rows far down report their lines")
        }
    }

    /// A streamed export (never all in memory as bytes) is hashed from its decoded text, which is those
    /// bytes decoded without loss: the same snapshot as when it is read whole, and an edit reads through it.
    @Test func aStreamedExportKeepsTheSnapshotOfAWholeRead() throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 4)
        var rows = Self.rows(count: 200, random: &random)
        let endings = rows.map { _ in "\r\n" }
        let store = SnapshotStore(), whole = SnapshotStore()
        let bytes = Form.utf16WithMark.bytes(Self.text(rows, endings: endings))
        _ = try Self.read(bytes, in: root, store: store, streaming: true)
        _ = try Self.read(bytes, in: root.appendingPathComponent("whole"), store: whole)
        #expect(store.snapshot != nil && store.snapshot == whole.snapshot)
        rows[120] += " edited"
        let edited = Form.utf16WithMark.bytes(Self.text(rows, endings: endings))
        let updated = try Self.read(edited, in: root, store: store, streaming: true)
        let plain = try Self.read(edited, in: root.appendingPathComponent("plain"), store: nil)
        #expect(updated.reused && updated.deck == plain.deck && updated.diagnostics == plain.diagnostics)
    }

    /// An odd byte at the end of UTF-16 is not text: no snapshot can account for it.
    @Test func anOddLastByteKeepsNoSnapshot() throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 6)
        let rows = Self.rows(count: 50, random: &random)
        let store = SnapshotStore()
        _ = try Self.read(Form.utf16WithMark.bytes(Self.text(rows, endings: rows.map { _ in "\n" })) + [0x41], in: root, store: store)
        #expect(store.snapshot == nil)
    }

    /// A code page is guessed from the whole file: an edit that makes another code page score better,
    /// or leaves no byte that is not UTF-8, changes how every row reads, so the file is read whole.
    @Test func anEditThatChangesTheGuessedCodePageIsReadWhole() throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 9)
        var rows = Self.rows(count: 300, random: &random).map { row in
            String(row.unicodeScalars.filter { $0.value < 0x80 }.map(Character.init))
        }
        rows[10] += " caf\u{E9}"  // 0x8E: Mac OS Roman scores 1, Windows-1252 (Ž) 0
        let endings = rows.map { _ in "\r\n" }
        let store = SnapshotStore()
        func check(_ label: String, reused expected: Bool) throws {
            let bytes = Form.macRoman.bytes(Self.text(rows, endings: endings))
            let updated = try Self.read(bytes, in: root, store: store)
            let whole = try Self.read(bytes, in: root.appendingPathComponent("plain"), store: nil)
            #expect(updated.reused == expected, "\(label)")
            #expect(updated.diagnostics == whole.diagnostics && updated.deck == whole.deck, "\(label)")
        }
        try check("first read", reused: false)
        rows[250] += " x"
        try check("an edit", reused: true)
        rows[250] += " \u{CC}\u{CC}\u{CC}"  // three 0xED bytes: Windows-1252 (í) now scores 3
        try check("Windows-1252 scores better", reused: false)
        rows[250].removeLast(4)
        try check("Mac OS Roman again", reused: false)
        rows[10].removeLast(5)
        try check("no byte over 0x7F: UTF-8", reused: false)
    }

    @Test func aSnapshotSurvivesItsBytesAndRefusesDamage() throws {
        let root = try TemporaryFolder.make("row-snapshots")
        defer { TemporaryFolder.remove(root) }
        var random = SeededRandom(seed: 5)
        let rows = Self.rows(count: 200, random: &random)
        let store = SnapshotStore()
        _ = try Self.read(Form.utf16WithMark.bytes(Self.text(rows, endings: rows.map { _ in "\r\n" })), in: root, store: store)
        let bytes = try #require(store.snapshot)
        let snapshot = try #require(RowSnapshot(decoding: bytes))
        #expect(snapshot.encoded == bytes)
        #expect(snapshot.encoding == .utf16LE && snapshot.textStart == 2 && snapshot.headerLine == 2)
        #expect(snapshot.blocks.count > 1 && snapshot.blocks.first?.start == 0)
        #expect(snapshot.records.count == 200)
        // Rows that repeat the previous row's category or topic keep it as a flag, not its text again.
        let repeats = zip(snapshot.records, snapshot.records.dropFirst())
        #expect(repeats.contains { $0.category != nil && $0.category == $1.category })
        #expect(repeats.contains { $0.topic != nil && $0.topic == $1.topic })
        #expect(RowSnapshot(decoding: Array(bytes.dropLast())) == nil, "truncated")
        #expect(RowSnapshot(decoding: bytes + [0]) == nil, "extra byte")
        var shuffledBlocks = snapshot
        shuffledBlocks.blocks.swapAt(0, 1)
        #expect(RowSnapshot(decoding: shuffledBlocks.encoded) == nil, "blocks out of order")
        var wrongSize = snapshot
        wrongSize.size += 1
        #expect(RowSnapshot(decoding: wrongSize.encoded) == nil, "blocks that do not end at the file's end")
    }

    /// A block's hash is taken from the decoded text written back in the file's encoding: the same bytes.
    @Test func textWrittenBackIsTheFilesBytes() {
        let text = "a\té\u{1F441}\u{FFFD}x\u{10FFFF}\n\u{7FF}\u{800}\u{FFFF} eight or more ASCII bytes in a row,\r\nagain é"
        for encoding in [DeckEncoding.utf16LE, .utf16BE, .utf8] {
            let mark = DeckSheet.byteOrderMark(encoding, length: encoding == .utf8 ? 3 : 2)
            let file: [UInt8] = encoding == .utf8 ? mark + Array(text.utf8)
                : mark + text.utf16.flatMap { encoding == .utf16LE ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            #expect(DeckSheet.facts(of: text, utf8: 0..<text.utf8.count, as: encoding, after: mark, guessed: false)?.hash
                    == file.withUnsafeBytes { BlockHash.digest($0) }, "\(encoding)")
        }
        // ASCII runs of every length around the eight-byte words, between longer scalars.
        var random = SeededRandom(seed: 4)
        let pieces = ["a", "bcdefgh", "ijklmnopq", "é", "\u{800}", "👁", "\n", "\t"]
        for _ in 0..<300 {
            let sample = (0..<random.next(below: 16)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            for encoding in [DeckEncoding.utf16LE, .utf16BE] {
                let file = sample.utf16.flatMap { encoding == .utf16LE ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                #expect(DeckSheet.facts(of: sample, utf8: 0..<sample.utf8.count, as: encoding, after: [], guessed: false)?.hash
                        == file.withUnsafeBytes { BlockHash.digest($0) }, "\(encoding) \(sample.debugDescription)")
            }
        }
        let roman = "caf\u{E9} \u{2013} \u{201C}quoted\u{201D} \u{F8FF}\u{FB02}"
        let file = Form.macRoman.bytes(roman)
        #expect(DeckSheet.facts(of: roman, utf8: 0..<roman.utf8.count, as: .macRoman, after: [], guessed: true)
                == file.withUnsafeBytes { RowSnapshot.Facts(of: $0, guessed: true) })
        #expect(DeckSheet.facts(of: "\u{3B1}", utf8: 0..<2, as: .macRoman, after: [], guessed: true) == nil, "α is not Mac OS Roman")
    }

    /// Byte offsets of rows follow from the decoded text: UTF-16 counts two bytes a unit, four for a
    /// scalar over U+FFFF.
    @Test func fileOffsetsCountUTF16Units() {
        let text = "a\u{E9}\u{1F441}\nb"
        let starts = [0, text.utf8.count - 1]
        #expect(DeckSheet.fileOffsets(of: starts, in: text, encoding: .utf16LE, base: 2) == [2, 2 + 2 * 5])
        #expect(DeckSheet.fileOffsets(of: starts, in: text, encoding: .utf8, base: 3) == [3, 3 + text.utf8.count - 1])
        // Eight bytes at a time: every mix of one-, two-, three- and four-byte scalars around a word's edge.
        var random = SeededRandom(seed: 2)
        let scalars: [Character] = ["a", "\t", "é", "߿", "ࠀ", "€", "\u{FFFF}", "👁", "\u{10FFFF}"]
        for _ in 0..<300 {
            let sample = String((0..<random.next(below: 40)).map { _ in scalars[random.next(below: scalars.count)] })
            var copy = sample
            let units = copy.withUTF8 { DeckSheet.utf16Units(in: $0) }
            #expect(units == sample.utf16.count, "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
