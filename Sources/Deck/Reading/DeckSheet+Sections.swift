import Diagnostics
import Foundation

extension DeckSheet {
    /// Gives every row still holding its cells its sections and their digest, on every core: section
    /// text is most of a deck's reading and needs no shared state.
    ///
    /// Each row is known by the digest of its section cells, and the rows are cut into chunks at
    /// content-defined points (``SectionChunkCoding/endsChunk(_:)``), parsed on every core. A chunk's
    /// sections come from the memo (`loupe serve`) when it knows every row, else from the store's
    /// chunk of the same name (`loupe build`), else from parsing; the store keeps every chunk for the
    /// next build either way, so its files are the same with or without a memo.
    func parseSections(of rows: inout [CardRow], columns: DeckColumns) {
        let pending = rows.indices.filter { rows[$0].pendingCells != nil }
        guard !pending.isEmpty else { return }
        let memo = self.memo, store = self.chunks
        let digests = Self.digests(of: pending.map { rows[$0].pendingCells! }, columns: columns)
        for (position, row) in pending.enumerated() { rows[row].sectionsDigest = digests[position] }
        rows.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            let chunks = Self.chunks(of: digests)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                let positions = chunks[index]
                let rowDigests = Array(digests[positions])
                let cells = positions.map { buffer[pending[$0]].pendingCells! }
                let rows = Self.rows(of: cells, digests: rowDigests, columns: columns, memo: memo, store: store)
                for (offset, position) in positions.enumerated() {
                    buffer[pending[position]].sections = .encoded(rows[offset])
                    buffer[pending[position]].pendingCells = nil
                }
                memo?.remember(Array(zip(rowDigests, rows)))
            }
        }
    }

    /// The bytes of each of one chunk's rows (``SectionChunkCoding/encodeRows(_:)``), sharing the
    /// chunk's bytes: from the memo, the store or the parser, in that order. A card keeps its row's
    /// bytes, not the parsed sections (``StoredSections``).
    private static func rows(of cells: [[Substring]], digests: [ContentDigest], columns: DeckColumns,
                             memo: SectionMemo?, store: (any SectionChunkStore)?) -> [ArraySlice<UInt8>] {
        let name = store.map { _ in SectionChunkCoding.name(of: digests) }
        let remembered = digests.map { memo?.row(for: $0) }
        if remembered.allSatisfy({ $0 != nil }) {
            let rows = remembered.map { $0! }
            if let store, let name, !store.keepChunk(named: name) { store.store(SectionChunkCoding.chunk(of: rows), named: name) }
            return rows
        }
        if let store, let name, let bytes = store.chunk(named: name),
           let ranges = SectionChunkCoding.rows(of: bytes, rowCount: cells.count) {
            return ranges.map { bytes[$0] }
        }
        let sections = cells.indices.map { index in
            remembered[index].flatMap(SectionChunkCoding.decodeRow) ?? Self.sections(of: cells[index], columns: columns)
        }
        let (chunk, ranges) = SectionChunkCoding.encodeRows(sections)
        if let store, let name { store.store(chunk, named: name) }
        return ranges.map { chunk[$0] }
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
