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
    /// Keeps an earlier build's bytes under `name` for the next build without reading them; `false`
    /// when there are none.
    func keepChunk(named name: ContentDigest) -> Bool
    /// Keeps new `bytes` under `name` for the next build.
    func store(_ bytes: [UInt8], named name: ContentDigest)
    /// The bytes an earlier build kept under `name`, without keeping them for the next build: a chunk
    /// an edit cut differently, whose rows' sections are taken from it once. `nil` when there are none.
    func previousChunk(named name: ContentDigest) -> [UInt8]?
    /// The row snapshot (``RowSnapshot``) an earlier build kept for the export shown as `path`, or `nil`.
    func rowSnapshot(for path: String) -> [UInt8]?
    /// Keeps `bytes` as the row snapshot of the export shown as `path`, for the next build.
    func storeRowSnapshot(_ bytes: [UInt8], for path: String)
    /// Keeps the bytes `encode` gives as the row snapshot of the export shown as `path`; a store may
    /// encode and write them on another thread while the build goes on (the next build needs them,
    /// this one does not).
    func storeRowSnapshot(for path: String, encoding encode: @escaping @Sendable () -> [UInt8])
}

extension SectionChunkStore {
    /// None: rows an edit left alone are read again with the rest.
    public func previousChunk(named name: ContentDigest) -> [UInt8]? { nil }
    /// None: the export is read whole.
    public func rowSnapshot(for path: String) -> [UInt8]? { nil }
    /// Nothing is kept.
    public func storeRowSnapshot(_ bytes: [UInt8], for path: String) {}
    /// Encoded and kept now.
    public func storeRowSnapshot(for path: String, encoding encode: @escaping @Sendable () -> [UInt8]) {
        storeRowSnapshot(encode(), for: path)
    }
}

/// The digests that identify rows and chunks of rows, and the byte form of a chunk's sections.
///
/// Sections: `LSC1`, the row count, then per row its sections; per section its number, header lines
/// and info blocks (kind, level or number, line); a line is plain text or styled runs. Decoding
/// checks every length, count, style and that texts are UTF-8, so a damaged chunk is refused (its
/// rows are parsed again), never half-used.
public enum SectionChunkCoding {
    private static let magic = Array("LSC1".utf8)
    /// A chunk ends after a row whose digest's first word is 0 modulo this (so chunks hold about this
    /// many rows, and an inserted row changes one chunk, not every later one) or at ``maximumRows``.
    static let averageRows: UInt64 = 64
    static let maximumRows = 256

    /// The digest of everything a row's sections are parsed from: each Header/Info pair's number and
    /// its two cells (a missing cell differs from every text, the empty one included).
    static func digest(of cells: [Substring], columns: DeckColumns) -> ContentDigest {
        var scratch = ChunkWriter(magic: magic)
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
        var key = ChunkWriter(magic: magic, capacity: 8 + 32 * rows.count)
        key.number(rows.count)
        for row in rows { key.raw(row.bytes) }
        return ContentHash.digest(key.bytes)
    }

    /// The bytes of each row's sections, in order.
    public static func encode(_ rows: [[CardSection]]) -> [UInt8] { encodeRows(rows).chunk }

    /// The chunk of `rows` and where each row's bytes are in it: a row's bytes are its section count,
    /// then its sections, so a row can be decoded on its own (``decodeRow(_:)``).
    static func encodeRows(_ rows: [[CardSection]]) -> (chunk: [UInt8], rows: [Range<Int>]) {
        var bytes = ChunkWriter(magic: magic)
        bytes.number(rows.count)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(rows.count)
        for sections in rows {
            let start = bytes.bytes.count
            bytes.number(sections.count)
            for section in sections {
                bytes.number(section.number)
                bytes.number(section.header.count)
                for line in section.header { write(line, to: &bytes) }
                bytes.number(section.info.count)
                for block in section.info {
                    switch block {
                    case .text(let line): bytes.number(0); write(line, to: &bytes)
                    case .bullet(let level, let line): bytes.number(1); bytes.number(level); write(line, to: &bytes)
                    case .numbered(let number, let line): bytes.number(2); bytes.number(number); write(line, to: &bytes)
                    case .mnemonic(let line): bytes.number(3); write(line, to: &bytes)
                    }
                }
            }
            ranges.append(start..<bytes.bytes.count)
        }
        // The chunk stays in memory for the whole build (cards decode their rows from it): without the
        // up to doubled capacity appending left.
        return (bytes.exactBytes, ranges)
    }

    /// The chunk holding these rows' bytes (each as ``encodeRows(_:)`` made it), in order.
    static func chunk(of rows: [ArraySlice<UInt8>]) -> [UInt8] {
        var bytes = ChunkWriter(magic: magic, capacity: 8 + rows.reduce(0) { $0 + $1.count })
        bytes.number(rows.count)
        for row in rows { bytes.raw(row) }
        return bytes.bytes
    }

    /// The sections ``encode(_:)`` wrote for `rowCount` rows, or `nil` when `bytes` are not that.
    public static func decode(_ bytes: [UInt8], rowCount: Int) -> [[CardSection]]? {
        guard let rows = rows(of: bytes, rowCount: rowCount) else { return nil }
        let sections = rows.compactMap { decodeRow(bytes[$0]) }
        return sections.count == rowCount ? sections : nil
    }

    /// Where each of the `rowCount` rows of a chunk ``encode(_:)`` wrote is, after checking every row
    /// decodes (lengths, counts, styles, UTF-8) and nothing follows them; `nil` when `bytes` are not that.
    static func rows(of bytes: [UInt8], rowCount: Int) -> [Range<Int>]? {
        bytes.withUnsafeBufferPointer { buffer -> [Range<Int>]? in
            var reader = ChunkReader(buffer)
            guard reader.expect(magic), reader.number() == rowCount else { return nil }
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(rowCount)
            for _ in 0..<rowCount {
                let start = reader.position
                guard readRow(&reader, decoding: false) != nil else { return nil }
                ranges.append(start..<reader.position)
            }
            return reader.isAtEnd ? ranges : nil
        }
    }

    /// The sections of one row's bytes (a range ``rows(of:rowCount:)`` or ``encodeRows(_:)`` gave), or
    /// `nil` when they are not exactly one row.
    static func decodeRow(_ row: ArraySlice<UInt8>) -> [CardSection]? {
        row.withUnsafeBufferPointer { buffer in
            var reader = ChunkReader(buffer)
            let sections = readRow(&reader)
            return reader.isAtEnd ? sections : nil
        }
    }

    /// The number of sections in one row's bytes, read without decoding them.
    static func sectionCount(of row: ArraySlice<UInt8>) -> Int {
        row.withUnsafeBufferPointer { buffer in
            var reader = ChunkReader(buffer)
            return reader.number() ?? 0
        }
    }

    /// One row's sections; with `decoding` false, only checks them (every length, count, style and
    /// that texts are UTF-8) without making a string or an array, and returns `[]` when they are fine.
    private static func readRow(_ reader: inout ChunkReader, decoding: Bool = true) -> [CardSection]? {
        // Every count is checked against the bytes left (each item takes at least one byte).
        guard let count = reader.number(), count <= reader.remaining else { return nil }
        var sections: [CardSection] = []
        if decoding { sections.reserveCapacity(count) }
        for _ in 0..<count {
            guard let number = reader.number(), let headerCount = reader.number(), headerCount <= reader.remaining
            else { return nil }
            var header: [RichLine] = []
            if decoding { header.reserveCapacity(headerCount) }
            for _ in 0..<headerCount {
                guard let line = readLine(&reader, decoding: decoding) else { return nil }
                if decoding { header.append(line) }
            }
            guard let blockCount = reader.number(), blockCount <= reader.remaining else { return nil }
            var info: [InfoBlock] = []
            if decoding { info.reserveCapacity(blockCount) }
            for _ in 0..<blockCount {
                guard let block = readBlock(&reader, decoding: decoding) else { return nil }
                if decoding { info.append(block) }
            }
            if decoding { sections.append(CardSection(header: header, info: info, number: number)) }
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

    /// A line, or (not `decoding`) an empty line once it is checked.
    private static func readLine(_ reader: inout ChunkReader, decoding: Bool) -> RichLine? {
        switch reader.number() {
        case 0:
            guard decoding else { return reader.skipText() ? RichLine([]) : nil }
            return reader.text().map { RichLine([TextRun($0)]) }
        case 1:
            guard let count = reader.number(), count <= reader.remaining else { return nil }
            var runs: [TextRun] = []
            if decoding { runs.reserveCapacity(count) }
            for _ in 0..<count {
                guard let style = reader.number(), style <= Int(TextStyle([.underline, .italic, .bold]).rawValue) else { return nil }
                if decoding {
                    guard let text = reader.text() else { return nil }
                    runs.append(TextRun(text, style: TextStyle(rawValue: UInt8(style))))
                } else if !reader.skipText() {
                    return nil
                }
            }
            return RichLine(runs)
        default:
            return nil
        }
    }

    private static func readBlock(_ reader: inout ChunkReader, decoding: Bool) -> InfoBlock? {
        switch reader.number() {
        case 0: return readLine(&reader, decoding: decoding).map { .text($0) }
        case 1:
            guard let level = reader.number(), let line = readLine(&reader, decoding: decoding) else { return nil }
            return .bullet(level: level, line)
        case 2:
            guard let number = reader.number(), let line = readLine(&reader, decoding: decoding) else { return nil }
            return .numbered(number: number, line)
        case 3: return readLine(&reader, decoding: decoding).map { .mnemonic($0) }
        default: return nil
        }
    }
}
