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
                let sections = Self.sections(of: cells, digests: rowDigests, columns: columns, memo: memo, store: store)
                for (offset, position) in positions.enumerated() {
                    buffer[pending[position]].sections = sections[offset]
                    buffer[pending[position]].pendingCells = nil
                }
                memo?.remember(Array(zip(rowDigests, sections)))
            }
        }
    }

    /// The sections of one chunk's rows: from the memo, the store or the parser, in that order.
    private static func sections(of cells: [[String]], digests: [ContentDigest], columns: DeckColumns,
                                 memo: SectionMemo?, store: (any SectionChunkStore)?) -> [[CardSection]] {
        let name = store.map { _ in SectionChunkCoding.name(of: digests) }
        let remembered = digests.map { memo?.sections(for: $0) }
        if remembered.allSatisfy({ $0 != nil }) {
            let sections = remembered.map { $0! }
            if let store, let name, !store.keepChunk(named: name) { store.store(SectionChunkCoding.encode(sections), named: name) }
            return sections
        }
        if let store, let name, let bytes = store.chunk(named: name),
           let sections = SectionChunkCoding.decode(bytes, rowCount: cells.count) {
            return sections
        }
        let sections = cells.indices.map { remembered[$0] ?? Self.sections(of: cells[$0], columns: columns) }
        if let store, let name { store.store(SectionChunkCoding.encode(sections), named: name) }
        return sections
    }

    /// The digest of each row's section cells, on every core.
    private static func digests(of cells: [[String]], columns: DeckColumns) -> [ContentDigest] {
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
