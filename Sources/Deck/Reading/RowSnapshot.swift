import Diagnostics

/// The rows of one export as a build read them, kept for the next build (`loupe build` keeps it in the
/// site's `.loupe/rows/`), so an edit build reads only the part of the export that changed.
///
/// The rows after the header are cut into blocks after each card row whose sections digest ends a
/// section chunk (``SectionChunkCoding/endsChunk(_:)``): the cuts depend on the rows alone, so an edit
/// moves only the cuts next to it, and a build that used a snapshot makes the snapshot a full read
/// makes. Each block is a byte range of the file with the digest of its bytes (``BlockHash``). The next build finds
/// the blocks still in place from the start and shifted by the change in size from the end, reads the
/// bytes between them, and takes every other row's ``RowRecord`` from here (``DeckSheet`` reading).
struct RowSnapshot: Equatable {
    /// A run of rows: the bytes `start..<end` of the file (block 0 starts at the file's first byte, so
    /// it holds the byte-order mark and the header) and the records `rows`.
    struct Block: Equatable {
        var start: Int
        var end: Int
        var facts: Facts
        var rows: Range<Int>
        var hash: ContentDigest { facts.hash }
    }

    /// What a block's bytes are: their digest (``BlockHash``), and (for an export whose code page was guessed, which
    /// the whole file decides) whether they are valid UTF-8 and how they score for each code page.
    struct Facts: Equatable, Sendable {
        var hash: ContentDigest
        var isUTF8 = true
        var scores = DeckDecoder.LegacyScores()

        /// The facts of `bytes`, the code page evidence only when `guessed`.
        init(of bytes: UnsafeRawBufferPointer, guessed: Bool) {
            hash = BlockHash.digest(bytes)
            if guessed {
                let bytes = bytes.assumingMemoryBound(to: UInt8.self)
                isUTF8 = (try? UTF8Span(validating: bytes.span)) != nil
                scores = DeckDecoder.legacyScores(bytes)
            }
        }

        init(hash: ContentDigest, isUTF8: Bool, scores: DeckDecoder.LegacyScores) {
            self.hash = hash
            self.isUTF8 = isUTF8
            self.scores = scores
        }
    }

    /// Whether the encoding was guessed from the whole file: a code page without `--deck-encoding`.
    var isGuessedCodePage: Bool { forced == nil && (encoding == .macRoman || encoding == .windows1252) }

    /// Whether a whole read of the file these blocks cover would guess `encoding` again: not all of
    /// it valid UTF-8, and the same code page scoring best.
    var guessesSameCodePage: Bool {
        !blocks.allSatisfy(\.facts.isUTF8)
            && DeckDecoder.legacyGuess(blocks.reduce(DeckDecoder.LegacyScores()) { $0 + $1.facts.scores }) == encoding
    }

    /// The file's size in bytes.
    var size: Int
    var encoding: DeckEncoding
    /// `--deck-encoding`, which must be the same for the snapshot to apply.
    var forced: DeckEncoding?
    /// Where the text starts (after a byte-order mark).
    var textStart: Int
    /// The header row's line and cells.
    var headerLine: Int
    var header: [String]
    /// The line the file ends on (where text appended to it starts).
    var endLine: Int
    var blocks: [Block]
    /// Every row after the header that says something, in file order.
    var records: [RowRecord]


    /// The blocks of `records` in a file of `size` bytes, without their hashes: cut after each card row
    /// whose sections digest ends a chunk (where its line break ends).
    static func cuts(of records: [RowRecord], size: Int) -> [(bytes: Range<Int>, rows: Range<Int>)] {
        var cuts: [(bytes: Range<Int>, rows: Range<Int>)] = []
        var first = 0, start = 0
        for index in records.indices where index + 1 < records.count {
            guard let digest = records[index].sectionsDigest, SectionChunkCoding.endsChunk(digest) else { continue }
            cuts.append((start..<records[index].end, first..<index + 1))
            first = index + 1
            start = records[index].end
        }
        cuts.append((start..<size, first..<records.count))
        return cuts
    }

    /// The line block `index` starts on.
    func startLine(ofBlock index: Int) -> Int {
        index == 0 ? 1 : records[blocks[index - 1].rows.upperBound - 1].nextLine
    }
}

extension RowSnapshot {
    private static let magic = Array("LRS4".utf8)
    /// Flags after the nine of the fields present: the category, or the topic, is the previous record's.
    private static let sameCategory = 1 << 9, sameTopic = 1 << 10

    /// A signed number as a non-negative one (0, -1, 1, -2, … → 0, 1, 2, 3, …).
    static func zigzag(_ value: Int) -> Int { value >= 0 ? 2 * value : -2 * value - 1 }
    static func unzigzag(_ value: Int) -> Int { value % 2 == 0 ? value / 2 : -(value + 1) / 2 }

    /// The snapshot's bytes: numbers as LEB128, texts with their length, digests as their 32 bytes. A
    /// category or topic the previous record has too (an export lists a topic's rows together) is a flag,
    /// not its text again: the next build shares one string instead of decoding it for every row.
    var encoded: [UInt8] {
        var out = ChunkWriter(magic: Self.magic, capacity: 64 + records.count * 120)
        func number(of value: DeckEncoding?) -> Int { value.flatMap { DeckEncoding.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }
        func optional(_ text: String?) { if let text { out.text(text) } }
        out.number(size)
        out.number(number(of: encoding))
        out.number(number(of: forced))
        out.number(textStart)
        out.number(headerLine)
        out.number(header.count)
        for cell in header { out.text(cell) }
        out.number(endLine)
        out.number(records.count)
        var previous: (category: String?, topic: String?) = (nil, nil)
        for record in records {
            out.number(record.line)
            out.number(record.end)
            out.number(record.nextLine)
            let sameCategory = record.category != nil && record.category == previous.category
            let sameTopic = record.topic != nil && record.topic == previous.topic
            // One bit a field, in this order (not an array of flags: one allocation a record).
            let present = [record.category != nil && !sameCategory, record.topic != nil && !sameTopic, record.subtopic != nil,
                           record.slide != nil, record.imageList != nil, record.captions != nil, record.extraColumn != nil,
                           record.sectionsDigest != nil, record.keptSections != nil, sameCategory, sameTopic]
                as InlineArray<11, Bool>
            var flags = 0
            for bit in present.indices where present[bit] { flags |= 1 << bit }
            out.number(flags)
            if !sameCategory { optional(record.category) }
            if !sameTopic { optional(record.topic) }
            for text in [record.subtopic, record.slide, record.imageList, record.captions] { optional(text) }
            previous = (record.category, record.topic)
            if let column = record.extraColumn { out.number(column) }
            if let digest = record.sectionsDigest { out.raw(digest.bytes) }
            if let kept = record.keptSections {
                out.raw(kept.chunk.bytes)
                out.number(kept.rowCount)
                out.number(kept.index)
            }
        }
        out.number(blocks.count)
        for block in blocks {
            out.number(block.start)
            out.number(block.end)
            out.raw(block.hash.bytes)
            out.number(block.facts.isUTF8 ? 1 : 0)
            out.number(Self.zigzag(block.facts.scores.mac))
            out.number(Self.zigzag(block.facts.scores.windows))
            out.number(block.rows.lowerBound)
            out.number(block.rows.upperBound)
        }
        return out.bytes
    }

    /// The snapshot of `bytes`, or `nil` when they are not one this executable wrote whole: every
    /// length, count and range is checked, and the blocks must cover the records and the file in order.
    init?(decoding bytes: [UInt8]) {
        guard let decoded = bytes.withUnsafeBufferPointer(RowSnapshot.init(decoding:)) else { return nil }
        self = decoded
    }

    /// ``init(decoding:)`` of bytes in place (a mapped file's).
    init?(decoding buffer: UnsafeBufferPointer<UInt8>) {
        let decoded: RowSnapshot? = { () -> RowSnapshot? in
            var input = ChunkReader(buffer)
            func digest() -> ContentDigest? { input.take(32).flatMap { ContentDigest(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0))) } }
            func encodingNumbered(_ number: Int?) -> DeckEncoding?? {
                guard let number else { return nil }
                if number == 0 { return .some(nil) }
                return number <= DeckEncoding.allCases.count ? .some(DeckEncoding.allCases[number - 1]) : nil
            }
            guard input.expect(Self.magic), let size = input.number(),
                  let found = encodingNumbered(input.number()), let encoding = found, let forced = encodingNumbered(input.number()),
                  let textStart = input.number(), let headerLine = input.number(), let headerCount = input.number(),
                  headerCount <= input.remaining else { return nil }
            var header: [String] = []
            for _ in 0..<headerCount {
                guard let cell = input.text() else { return nil }
                header.append(cell)
            }
            guard let endLine = input.number(), let recordCount = input.number(), recordCount <= input.remaining else { return nil }
            var records: [RowRecord] = []
            records.reserveCapacity(recordCount)
            var previous: (category: String?, topic: String?) = (nil, nil)
            for _ in 0..<recordCount {
                guard let line = input.number(), let end = input.number(), let nextLine = input.number(),
                      let present = input.number(), present < 1 << 11 else { return nil }
                // A field's text (`.some(nil)`: absent), or the previous record's; `nil` when damaged.
                func text(_ bit: Int, orPrevious flag: Int = 0, _ earlier: String? = nil) -> String?? {
                    let isPresent = present & (1 << bit) != 0, isSame = present & flag != 0
                    if isSame { return isPresent || earlier == nil ? nil : .some(earlier) }
                    return isPresent ? input.text().map { .some($0) } : .some(nil)
                }
                guard let category = text(0, orPrevious: Self.sameCategory, previous.category),
                      let topic = text(1, orPrevious: Self.sameTopic, previous.topic),
                      let subtopic = text(2), let slide = text(3), let imageList = text(4), let captions = text(5) else { return nil }
                previous = (category, topic)
                var extraColumn: Int?
                if present & (1 << 6) != 0 { guard let column = input.number() else { return nil }; extraColumn = column }
                var sectionsDigest: ContentDigest?
                if present & (1 << 7) != 0 { guard let value = digest() else { return nil }; sectionsDigest = value }
                var kept: KeptSections?
                if present & (1 << 8) != 0 {
                    guard let chunk = digest(), let rowCount = input.number(), let index = input.number(), index < rowCount
                    else { return nil }
                    kept = KeptSections(chunk: chunk, rowCount: rowCount, index: index)
                }
                records.append(RowRecord(line: line, end: end, nextLine: nextLine, category: category, topic: topic, subtopic: subtopic,
                                         slide: slide, imageList: imageList, captions: captions, extraColumn: extraColumn,
                                         sectionsDigest: sectionsDigest, keptSections: kept))
            }
            guard let blockCount = input.number(), blockCount >= 1, blockCount <= input.remaining else { return nil }
            var blocks: [Block] = []
            var expected = (start: 0, row: 0)
            for _ in 0..<blockCount {
                guard let start = input.number(), let end = input.number(), let hash = digest(),
                      let isUTF8 = input.number(), isUTF8 <= 1, let mac = input.number(), let windows = input.number(),
                      let lower = input.number(), let upper = input.number(),
                      start == expected.start, end >= start, lower == expected.row, upper >= lower, upper <= recordCount
                else { return nil }
                let scores = DeckDecoder.LegacyScores(mac: Self.unzigzag(mac), windows: Self.unzigzag(windows))
                blocks.append(Block(start: start, end: end, facts: Facts(hash: hash, isUTF8: isUTF8 == 1, scores: scores), rows: lower..<upper))
                expected = (end, upper)
            }
            guard input.isAtEnd, expected == (size, recordCount),
                  blocks.dropLast().allSatisfy({ !$0.rows.isEmpty && records[$0.rows.upperBound - 1].end == $0.end }) else { return nil }
            return RowSnapshot(size: size, encoding: encoding, forced: forced, textStart: textStart, headerLine: headerLine,
                               header: header, endLine: endLine, blocks: blocks, records: records)
        }()
        guard let decoded else { return nil }
        self = decoded
    }
}
