import Diagnostics

/// Where parsed card sections outlive the process, in chunks of consecutive card rows (`loupe build`
/// keeps them in the site's `.loupe/sections/`): a one-card edit then parses the chunk holding the
/// card instead of every row.
///
/// Each chunk is named by ``SectionChunkCoding/name(of:)``: the SHA-256 of its rows' digests, which
/// cover every cell the sections are parsed from. The same name always means the same sections (for
/// the same parser: a store must only answer for a build of the same executable). A store must return
/// exactly the bytes it was given for a name, or `nil`.
public protocol SectionChunkStore: Sendable {
    /// The bytes an earlier build kept under `name`, now kept for the next build too; or `nil`.
    func chunk(named name: ContentDigest) -> [UInt8]?
    /// The same bytes mapped rather than read (rows that are mostly never decoded take no memory of
    /// their own), or `nil`: then ``chunk(named:)`` is asked.
    func mappedChunk(named name: ContentDigest) -> FileBytes?
    /// Keeps an earlier build's bytes under `name` for the next build without reading them; `false`
    /// when there are none.
    func keepChunk(named name: ContentDigest) -> Bool
    /// Keeps new `bytes` under `name` for the next build.
    func store(_ bytes: [UInt8], named name: ContentDigest)
    /// The bytes an earlier build kept under `name`, without keeping them for the next build: a chunk
    /// an edit cut differently, whose rows' sections are taken from it once. `nil` when there are none.
    func previousChunk(named name: ContentDigest) -> [UInt8]?
    /// The row snapshot (``RowSnapshot``) an earlier build kept for the export at `path` inside the
    /// content folder (`deck/review.tsv`, however `--content` is spelled), or `nil`; mapped by a store that
    /// keeps it in a file (a copy of 1.5 MB at 10,000 cards was fresh memory faulted in page by page).
    func rowSnapshot(for path: String) -> FileBytes?
    /// Keeps `bytes` as the row snapshot of the export at `path` inside the content folder, for the next build.
    func storeRowSnapshot(_ bytes: [UInt8], for path: String)
    /// Keeps the bytes `encode` gives as the row snapshot of the export at `path`; a store may
    /// encode and write them on another thread while the build goes on (the next build needs them,
    /// this one does not).
    func storeRowSnapshot(for path: String, encoding encode: @escaping @Sendable () -> [UInt8])
}

extension SectionChunkStore {
    /// None: chunks are read.
    public func mappedChunk(named name: ContentDigest) -> FileBytes? { nil }
    /// None: rows an edit left alone are read again with the rest.
    public func previousChunk(named name: ContentDigest) -> [UInt8]? { nil }
    /// None: the export is read whole.
    public func rowSnapshot(for path: String) -> FileBytes? { nil }
    /// Nothing is kept.
    public func storeRowSnapshot(_ bytes: [UInt8], for path: String) {}
    /// Encoded and kept now.
    public func storeRowSnapshot(for path: String, encoding encode: @escaping @Sendable () -> [UInt8]) {
        storeRowSnapshot(encode(), for: path)
    }
}

/// The digests that identify rows and chunks of rows, and the byte form of a chunk's sections.
///
/// Sections: `LSC2`, the row count, each row's length in bytes, then per row its sections; per section
/// its number, header lines and info blocks (kind, level or number, line); a line is plain text or
/// styled runs. A kept chunk is used only when its bytes are the ones the manifest recorded, so a build
/// finds its rows by their lengths without reading them; decoding a row checks every length, count,
/// style and that texts are UTF-8 (``decode(_:rowCount:)`` refuses a damaged chunk, never half-uses it).
public enum SectionChunkCoding {
    private static let magic = Array("LSC2".utf8)
    /// What the digests of rows and names of chunks start with (the chunks' first form).
    private static let keyMagic = Array("LSC1".utf8)
    /// A chunk ends after a row whose digest's first word is 0 modulo this (so chunks hold about this
    /// many rows, and an inserted row changes one chunk, not every later one) or at ``maximumRows``.
    static let averageRows: UInt64 = 64
    static let maximumRows = 256

    /// The digest of everything a row's sections are parsed from: each Header/Info pair's number and
    /// its two cells (a missing cell differs from every text, the empty one included).
    static func digest(of cells: [Substring], columns: DeckColumns) -> ContentDigest {
        var scratch = ChunkWriter(magic: keyMagic)
        for pair in columns.sections {
            scratch.number(pair.number)
            for column in [pair.header, pair.info] {
                if let column, column < cells.count {
                    scratch.number(1)
                    scratch.text(cells[column])
                } else {
                    scratch.number(0)
                }
            }
        }
        return ContentHash.digest(scratch.bytes)
    }

    /// Whether a chunk ends after the row with `digest`.
    static func endsChunk(_ digest: ContentDigest) -> Bool {
        digest.leadingWord % averageRows == 0
    }

    /// The name of the chunk of rows with these digests, in order.
    public static func name(of rows: [ContentDigest]) -> ContentDigest {
        var key = ChunkWriter(magic: keyMagic, capacity: 8 + 32 * rows.count)
        key.number(rows.count)
        for row in rows { key.raw(row.bytes) }
        return ContentHash.digest(key.bytes)
    }

    /// The bytes of each row's sections, in order.
    public static func encode(_ rows: [[CardSection]]) -> [UInt8] { encodeRows(rows).chunk }

    /// The chunk of `rows` and where each row's bytes are in it: a row's bytes are its section count,
    /// then its sections, so a row can be decoded on its own (``decodeRow(_:)``).
    static func encodeRows(_ rows: [[CardSection]]) -> (chunk: [UInt8], rows: [Range<Int>]) {
        var body = ChunkWriter(magic: [])
        var lengths: [Int] = []
        lengths.reserveCapacity(rows.count)
        for sections in rows {
            let start = body.bytes.count
            body.number(sections.count)
            for section in sections {
                body.number(section.number)
                body.number(section.header.count)
                for line in section.header { write(line, to: &body) }
                body.number(section.info.count)
                for block in section.info {
                    switch block {
                    case .text(let line): body.number(0); write(line, to: &body)
                    case .bullet(let level, let line): body.number(1); body.number(level); write(line, to: &body)
                    case .numbered(let number, let line): body.number(2); body.number(number); write(line, to: &body)
                    case .mnemonic(let line): body.number(3); write(line, to: &body)
                    }
                }
            }
            lengths.append(body.bytes.count - start)
        }
        return chunk(lengths: lengths, body: body.bytes)
    }

    /// The chunk holding these rows' bytes (each as ``encodeRows(_:)`` made it), in order.
    static func chunk(of rows: [ArraySlice<UInt8>]) -> [UInt8] {
        chunk(lengths: rows.map(\.count), body: rows.joined()).chunk
    }

    /// The magic, the row count and lengths, then `body`; with where each row is.
    private static func chunk(lengths: [Int], body: some Collection<UInt8>) -> (chunk: [UInt8], rows: [Range<Int>]) {
        var bytes = ChunkWriter(magic: magic, capacity: 8 + 3 * lengths.count + body.count)
        bytes.number(lengths.count)
        for length in lengths { bytes.number(length) }
        var start = bytes.bytes.count
        bytes.raw(body)
        let ranges = lengths.map { length in
            defer { start += length }
            return start..<start + length
        }
        // The chunk stays in memory for the whole build (cards decode their rows from it): without the
        // up to doubled capacity appending left.
        return (bytes.exactBytes, ranges)
    }

    /// The sections ``encode(_:)`` wrote for `rowCount` rows, or `nil` when `bytes` are not that.
    public static func decode(_ bytes: [UInt8], rowCount: Int) -> [[CardSection]]? {
        guard let rows = rows(of: bytes, rowCount: rowCount) else { return nil }
        let sections = rows.compactMap { decodeRow(bytes[$0]) }
        return sections.count == rowCount ? sections : nil
    }

    /// Where each of the `rowCount` rows of a chunk ``encode(_:)`` wrote is, by the lengths it lists
    /// (which must cover the rest of the chunk exactly); `nil` when `bytes` are not laid out so. The rows
    /// themselves are not read: ``decodeRow(_:)`` checks each when it is decoded.
    static func rows(of bytes: [UInt8], rowCount: Int) -> [Range<Int>]? {
        bytes.withUnsafeBufferPointer { rows(of: $0, rowCount: rowCount) }
    }

    /// ``rows(of:rowCount:)`` of bytes in place (a mapped file's).
    static func rows(of buffer: UnsafeBufferPointer<UInt8>, rowCount: Int) -> [Range<Int>]? {
        var reader = ChunkReader(buffer)
        guard reader.expect(magic), reader.number() == rowCount, rowCount <= reader.remaining else { return nil }
        var lengths: [Int] = []
        lengths.reserveCapacity(rowCount)
        var total = 0
        for _ in 0..<rowCount {
            guard let length = reader.number(), length > 0, length <= reader.remaining else { return nil }
            lengths.append(length)
            total += length
        }
        guard total == reader.remaining else { return nil }
        var start = reader.position
        return lengths.map { length in
            defer { start += length }
            return start..<start + length
        }
    }

    /// The sections of one row's bytes (a range ``rows(of:rowCount:)`` or ``encodeRows(_:)`` gave), or
    /// `nil` when they are not exactly one row.
    static func decodeRow(_ row: ArraySlice<UInt8>) -> [CardSection]? {
        row.withUnsafeBufferPointer(decodeRow)
    }

    /// ``decodeRow(_:)`` of bytes in place.
    static func decodeRow(_ buffer: UnsafeBufferPointer<UInt8>) -> [CardSection]? {
        var reader = ChunkReader(buffer)
        let sections = readRow(&reader)
        return reader.isAtEnd ? sections : nil
    }

    /// The number of sections in one row's bytes, read without decoding them.
    static func sectionCount(of row: ArraySlice<UInt8>) -> Int {
        row.withUnsafeBufferPointer(sectionCount)
    }

    /// ``sectionCount(of:)`` of bytes in place.
    static func sectionCount(of buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var reader = ChunkReader(buffer)
        return reader.number() ?? 0
    }

    /// One row's sections, each length, count and style checked and each text as UTF-8.
    private static func readRow(_ reader: inout ChunkReader) -> [CardSection]? {
        // Every count is checked against the bytes left (each item takes at least one byte).
        guard let count = reader.number(), count <= reader.remaining else { return nil }
        var sections: [CardSection] = []
        sections.reserveCapacity(count)
        for _ in 0..<count {
            guard let number = reader.number(), let headerCount = reader.number(), headerCount <= reader.remaining
            else { return nil }
            var header: [RichLine] = []
            header.reserveCapacity(headerCount)
            for _ in 0..<headerCount {
                guard let line = readLine(&reader) else { return nil }
                header.append(line)
            }
            guard let blockCount = reader.number(), blockCount <= reader.remaining else { return nil }
            var info: [InfoBlock] = []
            info.reserveCapacity(blockCount)
            for _ in 0..<blockCount {
                guard let block = readBlock(&reader) else { return nil }
                info.append(block)
            }
            sections.append(CardSection(header: header, info: info, number: number))
        }
        return sections
    }

    private static func write(_ line: RichLine, to bytes: inout ChunkWriter) {
        if let plain = line.unstyledText {
            bytes.number(0)
            bytes.text(plain)
            return
        }
        let runs = line.runs
        bytes.number(1)
        bytes.number(runs.count)
        for run in runs {
            bytes.number(Int(run.style.rawValue))
            bytes.text(run.text)
        }
    }

    /// A line.
    private static func readLine(_ reader: inout ChunkReader) -> RichLine? {
        switch reader.number() {
        case 0:
            return reader.text().map { RichLine([TextRun($0)]) }
        case 1:
            guard let count = reader.number(), count <= reader.remaining else { return nil }
            var runs: [TextRun] = []
            runs.reserveCapacity(count)
            for _ in 0..<count {
                guard let style = reader.number(), style <= Int(TextStyle([.underline, .italic, .bold]).rawValue),
                      let text = reader.text() else { return nil }
                runs.append(TextRun(text, style: TextStyle(rawValue: UInt8(style))))
            }
            return RichLine(runs)
        default:
            return nil
        }
    }

    private static func readBlock(_ reader: inout ChunkReader) -> InfoBlock? {
        switch reader.number() {
        case 0: return readLine(&reader).map { .text($0) }
        case 1:
            guard let level = reader.number(), let line = readLine(&reader) else { return nil }
            return .bullet(level: level, line)
        case 2:
            guard let number = reader.number(), let line = readLine(&reader) else { return nil }
            return .numbered(number: number, line)
        case 3: return readLine(&reader).map { .mnemonic($0) }
        default: return nil
        }
    }
}
