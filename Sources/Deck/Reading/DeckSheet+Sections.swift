import Diagnostics
import Foundation
import Synchronization

extension DeckSheet {
    /// Gives every card row its sections and their digest, on every core: section text is most of a
    /// deck's reading and needs no shared state. Returns `false` when a row from a snapshot could not
    /// get its sections (its earlier chunk is gone): then the export must be read whole.
    ///
    /// Each row is known by the digest of its section cells, and the rows are cut into chunks at
    /// content-defined points (``SectionChunkCoding/endsChunk(_:)``), parsed on every core. A chunk's
    /// sections come from the memo (`loupe serve`) when it knows every row, else from the store's
    /// chunk of the same name (`loupe build`), else from parsing (or, for a row an edit left alone,
    /// from the earlier chunk that held it); the store keeps every chunk for the next build either
    /// way, so its files are the same with or without a memo. Each row then records where its
    /// sections are kept (``CardRow/keptSections``).
    @discardableResult
    func parseSections(of rows: inout [CardRow], columns: DeckColumns) -> Bool {
        let pending = rows.indices.filter { rows[$0].pendingCells != nil || rows[$0].keptSections != nil }
        guard !pending.isEmpty else { return true }
        let memo = self.memo, store = self.chunks
        let fresh = pending.filter { rows[$0].pendingCells != nil }
        let freshDigests = Self.digests(of: fresh.map { rows[$0].pendingCells! }, columns: columns)
        for (position, row) in fresh.enumerated() { rows[row].sectionsDigest = freshDigests[position] }
        guard pending.allSatisfy({ rows[$0].sectionsDigest != nil }) else { return false }
        let digests = pending.map { rows[$0].sectionsDigest! }
        let failed = Atomic<Bool>(false)
        rows.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            let chunks = Self.chunks(of: digests)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                let positions = chunks[index]
                let rowDigests = Array(digests[positions])
                let sources = positions.map { position in
                    SectionSource(cells: buffer[pending[position]].pendingCells, kept: buffer[pending[position]].keptSections)
                }
                let name = SectionChunkCoding.name(of: rowDigests)
                guard let rows = Self.rows(of: sources, digests: rowDigests, name: name, columns: columns, memo: memo, store: store) else {
                    failed.store(true, ordering: .relaxed)
                    return
                }
                for (offset, position) in positions.enumerated() {
                    buffer[pending[position]].sections = rows[offset]
                    buffer[pending[position]].pendingCells = nil
                    buffer[pending[position]].keptSections = KeptSections(chunk: name, rowCount: positions.count, index: offset)
                }
                if let memo {
                    memo.remember(zip(rowDigests, rows).compactMap { digest, row in
                        if case .encoded(let bytes, _) = row { (digest, bytes) } else { nil }
                    })
                }
            }
        }
        return !failed.load(ordering: .relaxed)
    }

    /// Where a row's sections come from when its chunk is new: its cells, or the earlier chunk that held it.
    private struct SectionSource {
        var cells: [Substring]?
        var kept: KeptSections?
    }

    /// The bytes of each of one chunk's rows (``SectionChunkCoding/encodeRows(_:)``), sharing the
    /// chunk's bytes: from the memo, the store (mapped when there is no memo to remember them) or the
    /// parser, in that order; `nil` when a row has neither cells nor an earlier chunk that can be read.
    /// A card keeps its row's bytes, not the parsed sections (``StoredSections``).
    private static func rows(of sources: [SectionSource], digests: [ContentDigest], name: ContentDigest, columns: DeckColumns,
                             memo: SectionMemo?, store: (any SectionChunkStore)?) -> [StoredSections]? {
        let remembered = digests.map { memo?.row(for: $0) }
        if remembered.allSatisfy({ $0 != nil }) {
            let rows = remembered.map { $0! }
            if let store, !store.keepChunk(named: name) { store.store(SectionChunkCoding.chunk(of: rows), named: name) }
            return rows.map(StoredSections.encoded)
        }
        if memo == nil, let store, let mapped = store.mappedChunk(named: name),
           let ranges = mapped.withBytes({ SectionChunkCoding.rows(of: $0, rowCount: sources.count) }) {
            return ranges.map { StoredSections.mapped(mapped, $0) }
        }
        if let store, let bytes = store.chunk(named: name),
           let ranges = SectionChunkCoding.rows(of: bytes, rowCount: sources.count) {
            return ranges.map { StoredSections.encoded(bytes[$0]) }
        }
        // Earlier chunks read so far, with their rows' ranges (`nil`: unreadable).
        var earlier: [ContentDigest: (bytes: [UInt8], rows: [Range<Int>])?] = [:]
        func keptRow(_ kept: KeptSections) -> [CardSection]? {
            guard let store else { return nil }
            if earlier[kept.chunk] == nil {
                let bytes = store.previousChunk(named: kept.chunk)
                earlier[kept.chunk] = .some(bytes.flatMap { bytes in
                    SectionChunkCoding.rows(of: bytes, rowCount: kept.rowCount).map { (bytes, $0) }
                })
            }
            guard let found = earlier[kept.chunk] ?? nil, kept.index < found.rows.count else { return nil }
            return SectionChunkCoding.decodeRow(found.bytes[found.rows[kept.index]])
        }
        var sections: [[CardSection]] = []
        sections.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            if let row = remembered[index].flatMap(SectionChunkCoding.decodeRow) {
                sections.append(row)
            } else if let cells = source.cells {
                sections.append(Self.sections(of: cells, columns: columns))
            } else if let kept = source.kept, let row = keptRow(kept) {
                sections.append(row)
            } else {
                return nil
            }
        }
        let (chunk, ranges) = SectionChunkCoding.encodeRows(sections)
        store?.store(chunk, named: name)
        return ranges.map { StoredSections.encoded(chunk[$0]) }
    }

    /// The digest of each row's section cells, on every core.
    private static func digests(of cells: [[Substring]], columns: DeckColumns) -> [ContentDigest] {
        var digests = [ContentDigest?](repeating: nil, count: cells.count)
        digests.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            let part = 256
            DispatchQueue.concurrentPerform(iterations: (cells.count + part - 1) / part) { index in
                for row in (index * part)..<min(cells.count, (index + 1) * part) {
                    buffer[row] = SectionChunkCoding.digest(of: cells[row], columns: columns)
                }
            }
        }
        return digests.map { $0! }
    }

    /// Consecutive positions cut after each row that ends a chunk, or at the longest chunk.
    static func chunks(of digests: [ContentDigest]) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = 0
        for (position, digest) in digests.enumerated()
        where SectionChunkCoding.endsChunk(digest) || position + 1 - start == SectionChunkCoding.maximumRows {
            chunks.append(start..<position + 1)
            start = position + 1
        }
        if start < digests.count { chunks.append(start..<digests.count) }
        return chunks
    }
}
