@testable import Deck
import Diagnostics
import Foundation
import Synchronization
import Testing
import TestSupport

/// The deck's parsed sections kept between builds (`SectionChunkStore`): what is read back must be
/// exactly what parsing gives, and a damaged chunk must never be used.
@Suite("Section chunks kept between builds")
struct SectionChunkTests {
    /// A store in memory that counts what the reader asks of it.
    final class CountingStore: SectionChunkStore {
        struct State { var files: [ContentDigest: [UInt8]] = [:]; var reads = 0, keeps = 0, stores = 0 }
        let state = Mutex(State())
        func chunk(named name: ContentDigest) -> [UInt8]? {
            state.withLock { $0.reads += 1; return $0.files[name] }
        }
        func keepChunk(named name: ContentDigest) -> Bool {
            state.withLock { $0.keeps += 1; return $0.files[name] != nil }
        }
        func store(_ bytes: [UInt8], named name: ContentDigest) {
            state.withLock { $0.stores += 1; $0.files[name] = bytes }
        }
        func resetCounts() { state.withLock { $0.reads = 0; $0.keeps = 0; $0.stores = 0 } }
        var counts: (reads: Int, keeps: Int, stores: Int) { state.withLock { ($0.reads, $0.keeps, $0.stores) } }
        var names: Set<ContentDigest> { state.withLock { Set($0.files.keys) } }
    }

    /// A store in memory that maps the chunks it keeps, as `loupe build` maps the files it kept.
    final class MappingStore: SectionChunkStore {
        let kept = CountingStore()
        let maps = Mutex(0)
        func chunk(named name: ContentDigest) -> [UInt8]? { kept.chunk(named: name) }
        func mappedChunk(named name: ContentDigest) -> FileBytes? {
            guard let bytes = kept.state.withLock({ $0.files[name] }) else { return nil }
            maps.withLock { $0 += 1 }
            return FileBytes(bytes)
        }
        func keepChunk(named name: ContentDigest) -> Bool { kept.keepChunk(named: name) }
        func store(_ bytes: [UInt8], named name: ContentDigest) { kept.store(bytes, named: name) }
    }

    /// Info text using every block kind and style the parser knows, varied by `random`.
    static func info(_ random: inout SeededRandom) -> String {
        let lines = ["- <b>bold</b> point", "  - nested <i>it</i>", "1. first", "12) twelfth <u>under</u>", "• bullet",
                     "Mnemonic: ABC", "plain text line", "‘quoted’ – dash", "Greek αβγ and emoji 👁", "<b><i>both</i></b> styles",
                     "", "   indented", "* star"]
        return (0..<(1 + random.next(below: 6))).map { _ in lines[random.next(below: lines.count)] }.joined(separator: "\n")
    }

    static func rows(count: Int, seed: UInt64) -> [[String]] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            ["\(index)", "Retina", "Topic \(index % 9)", "Card \(index)", "nil", "nil",
             "\"# Question \(index)?\n<i>second</i> line\"", "\"" + info(&random) + "\"", random.next(below: 3) == 0 ? "nil" : "Why \(index)?", "\"" + info(&random) + "\""]
        }
    }

    /// Reads `text` as the deck's only file with `store` (and `memo`), or with neither.
    static func read(_ text: String, store: (any SectionChunkStore)? = nil, memo: SectionMemo? = nil) throws -> Deck? {
        let root = try TemporaryFolder.make("deck-chunks")
        defer { TemporaryFolder.remove(root) }
        let folder = root.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("deck.tsv"))
        var reader = DeckReader(deckDirectory: folder, displayDirectory: "content/deck")
        reader.chunks = store
        reader.memo = memo
        var log = DiagnosticLog()
        let deck = reader.read(log: &log)
        #expect(!log.hasErrors, "\(log.all)")
        return deck
    }

    @Test func encodedSectionsDecodeToTheParsedOnes() throws {
        let deck = try #require(try Self.read(DeckFixture.rows(Self.rows(count: 300, seed: 7))))
        let sections = deck.categories.flatMap(\.topics).flatMap(\.cards).map(\.sections)
        let kinds = Set(sections.joined().flatMap(\.info).map { block -> String in
            switch block { case .text: "text"; case .bullet: "bullet"; case .numbered: "numbered"; case .mnemonic: "mnemonic" }
        })
        #expect(kinds == ["text", "bullet", "numbered", "mnemonic"])
        #expect(sections.joined().flatMap(\.info).contains { $0.line.unstyledText == nil })
        let bytes = SectionChunkCoding.encode(sections)
        #expect(SectionChunkCoding.decode(bytes, rowCount: sections.count) == sections)
        #expect(SectionChunkCoding.decode(bytes, rowCount: sections.count + 1) == nil)
    }

    /// (That the decoded sections are the parsed ones is what every reader test checks: their expected
    /// cards hold parsed sections, and `==` compares across forms.)
    @Test func aReadCardKeepsItsRowsBytesAndDecodesThemOnDemand() throws {
        let rows = Self.rows(count: 300, seed: 5)
        let deck = try #require(try Self.read(DeckFixture.rows(rows)))
        let cards = deck.categories.flatMap(\.topics).flatMap(\.cards)
        for card in cards {
            guard case .encoded(let row, let count) = card.storedSections else {
                Issue.record("card \(card.id) keeps parsed sections"); continue
            }
            let sections = try #require(SectionChunkCoding.decodeRow(row))
            #expect(card.sectionCount == sections.count && count == sections.count)
            #expect(card.sections == sections)
            #expect(card.storedSections == .parsed(sections), "equal across forms")
        }
        #expect(cards[17].storedSections != .parsed(cards[18].sections))
        let chunk = SectionChunkCoding.encodeRows(cards.map(\.sections))
        let ranges = try #require(SectionChunkCoding.rows(of: chunk.chunk, rowCount: cards.count))
        #expect(ranges == chunk.rows)
        #expect(SectionChunkCoding.chunk(of: ranges.map { chunk.chunk[$0] }) == chunk.chunk)
        #expect(SectionChunkCoding.decodeRow(chunk.chunk[ranges[3].lowerBound..<ranges[4].upperBound]) == nil, "two rows are not one")
    }

    /// Search reads each section's plain text straight from the row's bytes: the decoded sections' texts,
    /// for every block kind and style, and damaged rows refused as decoding refuses them.
    @Test func plainTextsReadFromTheBytesAreTheDecodedSectionsTexts() throws {
        let deck = try #require(try Self.read(DeckFixture.rows(Self.rows(count: 300, seed: 11))))
        let cards = deck.categories.flatMap(\.topics).flatMap(\.cards)
        var styled = 0, multiline = 0
        for card in cards {
            guard case .encoded(let row, _) = card.storedSections else {
                Issue.record("card \(card.id) keeps parsed sections"); continue
            }
            let sections = try #require(SectionChunkCoding.decodeRow(row))
            #expect(SectionChunkCoding.plainTexts(ofRow: row) == sections.map(SectionPlainText.init))
            #expect(card.sectionTexts == sections.map(SectionPlainText.init))
            styled += sections.flatMap(\.info).count { $0.line.unstyledText == nil }
            multiline += sections.count { $0.header.count > 1 && $0.info.count > 1 }
            var damaged = Array(row)
            damaged[damaged.count / 2] = 0xFF
            let decoded = SectionChunkCoding.decodeRow(damaged[...])
            #expect(SectionChunkCoding.plainTexts(ofRow: damaged[...]) == decoded?.map(SectionPlainText.init))
            #expect(SectionChunkCoding.plainTexts(ofRow: row.dropLast()) == nil)
        }
        #expect(styled > 100 && multiline > 100)
        let parsed = cards[3].sections
        var card = cards[3]
        card.sections = parsed
        #expect(card.sectionTexts == parsed.map(SectionPlainText.init))
    }

    @Test func aChunkKeptInMemoryHasNoSpareCapacity() throws {
        let cards = try #require(try Self.read(DeckFixture.rows(Self.rows(count: 40, seed: 9)))).categories.flatMap(\.topics).flatMap(\.cards)
        let chunk = SectionChunkCoding.encodeRows(cards.map(\.sections)).chunk
        #expect(chunk.count > 1_000)
        // Capacity is what the allocator gave: its 16-byte granule, its 8-byte header, and a remainder too
        // small to split off (under 32 bytes) can add up to 48 bytes beyond the count, whatever state the
        // heap is in; a buffer grown by doubling has up to its whole size spare.
        let slack = 48
        #expect(chunk.capacity < chunk.count + slack, "a chunk every card slices stays for the whole build")
        var writer = ChunkWriter(magic: Array("ab".utf8))
        for number in 0..<300 { writer.number(number * 1_000) }
        #expect(writer.bytes.capacity > writer.bytes.count + slack)
        #expect(writer.exactBytes == writer.bytes)
        #expect(writer.exactBytes.capacity < writer.bytes.count + slack)
    }

    @Test func damagedBytesAreRefused() throws {
        let deck = try #require(try Self.read(DeckFixture.rows(Self.rows(count: 20, seed: 3))))
        let sections = deck.categories.flatMap(\.topics).flatMap(\.cards).map(\.sections)
        let bytes = SectionChunkCoding.encode(sections)
        let count = sections.count
        #expect(SectionChunkCoding.decode(Array(bytes.dropLast()), rowCount: count) == nil, "truncated")
        #expect(SectionChunkCoding.decode(bytes + [0], rowCount: count) == nil, "extra byte")
        #expect(SectionChunkCoding.decode([UInt8(ascii: "X")] + bytes.dropFirst(), rowCount: count) == nil, "wrong magic")
        // Not UTF-8: the first letter of the first text becomes a lone continuation byte.
        var notUTF8 = bytes
        let letter = try #require(notUTF8.indices.dropFirst(6).first { notUTF8[$0] == UInt8(ascii: "Q") })
        notUTF8[letter] = 0x80
        #expect(SectionChunkCoding.decode(notUTF8, rowCount: count) == nil, "not UTF-8")
        // Every single-byte truncation point is refused, never half-read.
        for end in stride(from: 4, to: bytes.count, by: 37) {
            #expect(SectionChunkCoding.decode(Array(bytes[..<end]), rowCount: count) == nil)
        }
    }

    /// An incremental build finds a kept chunk's rows by the lengths it lists
    /// (``SectionChunkCoding/rows(of:rowCount:)``), without reading them: it uses a kept chunk only when
    /// its bytes are the ones the manifest recorded (`IncrementalBuildTests.anAlteredSectionChunkIsParsedAgain`).
    /// The lengths must tile the rest of the chunk exactly; decoding a row still checks all of it.
    @Test func rowsAreFoundByTheLengthsTheChunkLists() throws {
        let deck = try #require(try Self.read(DeckFixture.rows(Self.rows(count: 40, seed: 9))))
        let sections = deck.categories.flatMap(\.topics).flatMap(\.cards).map(\.sections)
        let (bytes, ranges) = SectionChunkCoding.encodeRows(sections)
        #expect(SectionChunkCoding.rows(of: bytes, rowCount: 40) == ranges)
        for (range, row) in zip(ranges, sections) { #expect(SectionChunkCoding.decodeRow(bytes[range]) == row) }
        #expect(SectionChunkCoding.chunk(of: ranges.map { bytes[$0] }) == bytes)
        #expect(SectionChunkCoding.rows(of: bytes, rowCount: 39) == nil)
        #expect(SectionChunkCoding.rows(of: Array(bytes.dropLast()), rowCount: 40) == nil)
        #expect(SectionChunkCoding.rows(of: bytes + [0], rowCount: 40) == nil)
        var random = SeededRandom(seed: 21)
        var accepted = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<(1 + random.next(below: 3)) {
                damaged[4 + random.next(below: damaged.count - 4)] = UInt8(random.next(below: 256))
            }
            guard let rows = SectionChunkCoding.rows(of: damaged, rowCount: 40) else { continue }
            accepted += 1
            #expect(rows.count == 40 && rows.last?.upperBound == damaged.count
                    && zip(rows, rows.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
        }
        #expect(accepted > 100, "changed letters keep the lengths")
        #expect(accepted < 3_000, "changed lengths are caught")
    }

    @Test func aSecondReadParsesNothingAndAnEditParsesOneChunk() throws {
        let rows = Self.rows(count: 600, seed: 11)
        let store = CountingStore()
        let plain = try Self.read(DeckFixture.rows(rows))
        #expect(try Self.read(DeckFixture.rows(rows), store: store) == plain)
        let chunkCount = store.names.count
        #expect(chunkCount > 3, "600 rows make several chunks")
        #expect(store.counts.stores == chunkCount)

        store.resetCounts()
        #expect(try Self.read(DeckFixture.rows(rows), store: store) == plain)
        #expect(store.counts.reads == chunkCount && store.counts.stores == 0, "\(store.counts)")

        // One cell of one row changed: only its chunk is parsed and stored again.
        var edited = rows
        edited[300][7] = "\"- edited answer\""
        store.resetCounts()
        let before = store.names
        #expect(try Self.read(DeckFixture.rows(edited), store: store) == (try Self.read(DeckFixture.rows(edited))))
        #expect(store.counts.stores == 1, "\(store.counts)")
        #expect(store.names.subtracting(before).count == 1)
    }

    /// A store that maps its chunks (as `loupe build` maps the files it kept) hands rows over without
    /// reading them; the cards are those parsing gives, each card's sections, plain texts and count.
    @Test func mappedChunksGiveTheCardsParsingGives() throws {
        let rows = Self.rows(count: 400, seed: 5)
        let store = MappingStore()
        let plain = try #require(try Self.read(DeckFixture.rows(rows)))
        _ = try Self.read(DeckFixture.rows(rows), store: store)
        store.kept.resetCounts()
        let mapped = try #require(try Self.read(DeckFixture.rows(rows), store: store))
        #expect(store.maps.withLock { $0 } == store.kept.names.count && store.kept.counts.reads == 0)
        #expect(mapped == plain)
        for (card, parsed) in zip(mapped.cards, plain.cards) {
            #expect(card.sections == parsed.sections)
            #expect(card.sectionTexts == parsed.sectionTexts)
            #expect(card.sectionCount == parsed.sectionCount)
        }
    }

    /// The real export (Mac OS Roman, 119 cards): kept chunks give back exactly the deck parsing gives,
    /// and a second read parses nothing.
    @Test(.enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))
    func theRealDeckComesBackFromItsChunks() throws {
        let folder = try #require(SharedData.folder("deck"))
        func read(_ store: (any SectionChunkStore)?) -> Deck? {
            var reader = DeckReader(deckDirectory: folder, displayDirectory: "shared/data/deck")
            reader.chunks = store
            var log = DiagnosticLog()
            return reader.read(log: &log)
        }
        let plain = try #require(read(nil))
        let store = CountingStore()
        #expect(read(store) == plain)
        #expect(store.counts.stores == store.names.count && store.names.count >= 1)
        store.resetCounts()
        #expect(read(store) == plain)
        #expect(store.counts.reads == store.names.count && store.counts.stores == 0, "\(store.counts)")
        #expect(plain.cards.allSatisfy { $0.sectionsDigest != nil })
        // Through mapped chunks, every card's sections, texts and count are the parsed ones.
        let mapping = MappingStore()
        _ = read(mapping)
        let mapped = try #require(read(mapping))
        #expect(mapping.maps.withLock { $0 } == mapping.kept.names.count)
        for (card, parsed) in zip(mapped.cards, plain.cards) {
            #expect(card.sections == parsed.sections && card.sectionTexts == parsed.sectionTexts && card.sectionCount == parsed.sectionCount)
        }
    }

    /// Chunks end at points chosen by the rows' own content, so a row inserted in the middle changes
    /// the chunk it lands in (two at most, when it ends one), not every later chunk.
    @Test func anInsertedRowChangesOnlyTheChunkItLandsIn() throws {
        let rows = Self.rows(count: 800, seed: 5)
        let store = CountingStore()
        _ = try Self.read(DeckFixture.rows(rows), store: store)
        let before = store.names
        var inserted = rows
        inserted.insert(["x", "Retina", "Topic 1", "Inserted card", "nil", "nil", "# New?", "New answer", "nil", "nil"], at: 100)
        store.resetCounts()
        #expect(try Self.read(DeckFixture.rows(inserted), store: store) == (try Self.read(DeckFixture.rows(inserted))))
        #expect(store.counts.stores <= 2, "\(store.counts)")
        #expect(store.names.subtracting(before).count <= 2)
    }

    /// With a memory (`loupe serve`) the store still keeps every chunk, so the site's files do not
    /// depend on whether the build had a memory.
    @Test func aMemoryStillKeepsEveryChunk() throws {
        let rows = Self.rows(count: 400, seed: 13)
        let memo = SectionMemo(), withMemo = CountingStore(), without = CountingStore()
        _ = try Self.read(DeckFixture.rows(rows), store: withMemo, memo: memo)
        _ = try Self.read(DeckFixture.rows(rows), store: without)
        #expect(withMemo.names == without.names)
        // The memo now knows every row: a new store (a site without the files) is given them all.
        let fresh = CountingStore()
        #expect(try Self.read(DeckFixture.rows(rows), store: fresh, memo: memo) == (try Self.read(DeckFixture.rows(rows))))
        #expect(fresh.names == without.names && fresh.counts.reads == 0)
        // And a store that has them only keeps them.
        without.resetCounts()
        _ = try Self.read(DeckFixture.rows(rows), store: without, memo: memo)
        #expect(without.counts.stores == 0 && without.counts.reads == 0 && without.counts.keeps == without.names.count)
    }

    /// The same cells under other Header/Info columns or numbers: never the old chunk.
    @Test func theSameCellsUnderOtherColumnsAreAnotherChunk() throws {
        let rows = Self.rows(count: 100, seed: 17)
        let store = CountingStore()
        let text = DeckFixture.rows(rows)
        _ = try Self.read(text, store: store)
        // Swapped pairs, and the same cells in the same order under other numbers (sections keep their number).
        for header in ["Header2\tInfo2\tHeader 1\tInfo1", "Header 1\tInfo1\tHeader 3\tInfo3"] {
            let changed = text.replacingOccurrences(of: "Header 1\tInfo1\tHeader2\tInfo2", with: header)
            store.resetCounts()
            #expect(try Self.read(changed, store: store) == (try Self.read(changed)), "\(header)")
            #expect(store.counts.reads > 0 && store.counts.stores == store.counts.reads, "\(header): \(store.counts)")
        }
    }
}
