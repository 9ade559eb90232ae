import Diagnostics
import Dispatch
import Foundation
import Synchronization

/// The export a ``DeckSheet`` reads through a ``RowSnapshot``.
struct SnapshotSource: Sendable {
    var url: URL
    var folder: ContentFolder
}

/// Ranges of an export's bytes, read with `pread`.
struct ExportBytes {
    let descriptor: Int32
    let size: Int

    /// The bytes of `range`, or `nil` when they cannot all be read.
    func read(_ range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            complete = fill(UnsafeMutableRawBufferPointer(buffer), from: range.lowerBound)
            count = complete ? range.count : 0
        }
        return complete ? bytes : nil
    }

    /// Fills `buffer` with the file's bytes from `offset` on; `false` when they cannot all be read.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer, from offset: Int) -> Bool {
        PositionedRead.fill(buffer, from: descriptor, at: offset)
    }

    /// The digest (``BlockHash``) of the bytes of `range`, read piece by piece into `scratch`, which the
    /// caller keeps from block to block so its pages are touched once (fresh memory for a 36 MB export
    /// cost more than hashing it). Read, not mapped: an editor that truncates the export while
    /// `loupe serve` hashes it would take mapped pages away under the reader (SIGBUS); a read just comes
    /// up short.
    func hash(_ range: Range<Int>, scratch: inout [UInt8]) -> ContentDigest? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        if scratch.count < Self.pieceSize {
            scratch = [UInt8](unsafeUninitializedCapacity: Self.pieceSize) { _, count in count = Self.pieceSize }
        }
        return scratch.withUnsafeMutableBytes { buffer -> ContentDigest? in
            var stream = BlockHash.Stream()
            var offset = range.lowerBound
            while offset < range.upperBound {
                let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(Self.pieceSize, range.upperBound - offset)])
                guard fill(piece, from: offset) else { return nil }
                stream.add(UnsafeRawBufferPointer(piece))
                offset += piece.count
            }
            return stream.digest
        }
    }

    /// How much of a block ``hash(_:scratch:)`` reads at a time: a multiple of 32 bytes (``BlockHash/Stream``)
    /// that stays in the processor's cache while it is hashed.
    static let pieceSize = 64 << 10
}

extension DeckSheet {
    /// Whether `text` holds U+FFFD (a byte its encoding could not decode, or the character itself):
    /// its first UTF-8 byte is looked for with `memchr` before any scalar is.
    static func holdsReplacement(_ text: String) -> Bool {
        var text = text
        let mayHold = text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0xEF, bytes.count) != nil } ?? false }
        return mayHold && text.unicodeScalars.contains("\u{FFFD}")
    }

    /// Reports the header's warnings.
    func reportHeader(_ warnings: [(Int, String)], line: Int, log: inout DiagnosticLog) {
        for (column, message) in warnings {
            log.warning(message, at: SourceLocation(path: path, line: line, column: column + 1))
        }
    }

    /// Where in the file each of the ascending UTF-8 offsets `starts` of `text` is, for text decoded
    /// from `encoding` beginning at byte `base`: the same offset in UTF-8, two bytes a UTF-16 unit (a
    /// scalar over U+FFFF is two units: four UTF-8 bytes, the first at least 0xF0), one byte a character
    /// of a code page.
    static func fileOffsets(of starts: [Int], in text: String, encoding: DeckEncoding, base: Int) -> [Int] {
        guard encoding != .utf8 else { return starts.map { base + $0 } }
        // A code page's characters are all under U+FFFF: one unit, one byte each.
        let unitBytes = encoding == .utf16LE || encoding == .utf16BE ? 2 : 1
        var text = text
        return text.withUTF8 { bytes in
            var offsets: [Int] = []
            offsets.reserveCapacity(starts.count)
            var units = 0, position = 0
            for start in starts {
                units += utf16Units(in: UnsafeBufferPointer(rebasing: bytes[position..<start]))
                position = start
                offsets.append(base + unitBytes * units)
            }
            return offsets
        }
    }

    /// How many UTF-16 units the valid UTF-8 `bytes` make: one a scalar (every byte but continuation
    /// bytes, `10xxxxxx`), two for a scalar over U+FFFF (lead byte `11110xxx`). Eight bytes at a time.
    static func utf16Units(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let highs: UInt64 = 0x8080_8080_8080_8080
        var units = 0, index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
                if word & highs == 0 { units += 8; continue }
                // Bit 7 of each byte, and bits 6, 5 and 4 shifted onto it (carries land below bit 7).
                let continuation = word & ~(word << 1) & highs
                let fourByteLead = word & (word << 1) & (word << 2) & (word << 3) & highs
                units += 8 - continuation.nonzeroBitCount + fourByteLead.nonzeroBitCount
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            units += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
            index += 1
        }
        return units
    }

    /// `layout` with each card's sections digest and chunk place and the blocks the records cut into,
    /// each with its `facts` (on every core); `nil` when a block has none or a row was refused (the
    /// build fails). Every block's facts must be those of the bytes its rows were read from.
    func snapshot(_ snapshot: consuming RowSnapshot, cards: [CardRow], cardRecords: [Int],
                  facts: @Sendable (Range<Int>) -> RowSnapshot.Facts?) -> RowSnapshot? {
        guard !snapshot.records.isEmpty, !snapshot.records.contains(where: { $0.refusal != nil }) else { return nil }
        // Taken, not copied: a copy of 10,000 records (each retained) was made for the first change.
        for (card, index) in zip(cards, cardRecords) {
            snapshot.records[index].sectionsDigest = card.sectionsDigest
            snapshot.records[index].keptSections = card.keptSections
        }
        let cuts = RowSnapshot.cuts(of: snapshot.records, size: snapshot.size)
        var found = [RowSnapshot.Facts?](repeating: nil, count: cuts.count)
        found.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: cuts.count) { index in slots[index] = facts(cuts[index].bytes) }
        }
        guard found.allSatisfy({ $0 != nil }) else { return nil }
        snapshot.blocks = zip(cuts, found).map { RowSnapshot.Block(start: $0.bytes.lowerBound, end: $0.bytes.upperBound, facts: $1!, rows: $0.rows) }
        return snapshot
    }

    /// Keeps `snapshot` for the next build.
    func keep(_ snapshot: RowSnapshot?) {
        guard let snapshot, let store = chunks else { return }
        store.storeRowSnapshot(for: snapshotKey ?? path) { snapshot.encoded }
    }

    /// The byte-order mark of `length` bytes the text of `encoding` was read after.
    static func byteOrderMark(_ encoding: DeckEncoding, length: Int) -> [UInt8] {
        switch (encoding, length) {
        case (.utf8, 3): [0xEF, 0xBB, 0xBF]
        case (.utf16LE, 2): [0xFF, 0xFE]
        case (.utf16BE, 2): [0xFE, 0xFF]
        default: []
        }
    }

    /// The facts of the file bytes `text.utf8[range]` was decoded from, after `prefix` (a byte-order
    /// mark): the UTF-8 itself, its UTF-16 units in the file's byte order, or its code page's bytes.
    /// Only for text decoded without loss; `nil` for a character the code page does not have.
    static func facts(of text: String, utf8 range: Range<Int>, as encoding: DeckEncoding, after prefix: [UInt8],
                      guessed: Bool) -> RowSnapshot.Facts? {
        var text = text
        return text.withUTF8 { all -> RowSnapshot.Facts? in
            let part = UnsafeBufferPointer(rebasing: all[range])
            let capacity = prefix.count + (encoding == .utf16LE || encoding == .utf16BE ? 2 : 1) * part.count
            var complete = true
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
                for (index, byte) in prefix.enumerated() { out[index] = byte }
                count = prefix.count
                switch encoding {
                case .utf8:
                    if let base = part.baseAddress { (out.baseAddress! + count).update(from: base, count: part.count) }
                    count += part.count
                case .utf16LE, .utf16BE:
                    count = utf16(of: part, littleEndian: encoding == .utf16LE, into: out, at: count)
                case .macRoman, .windows1252:
                    let encoder = LegacyCodePages.encoder(for: encoding)
                    for scalar in String(decoding: part, as: UTF8.self).unicodeScalars {
                        if scalar.value < 0x80 { out[count] = UInt8(scalar.value) }
                        else if let byte = encoder[scalar.value] { out[count] = byte }
                        else { complete = false; return }
                        count += 1
                    }
                }
            }
            return complete ? bytes.withUnsafeBytes { RowSnapshot.Facts(of: $0, guessed: guessed) } : nil
        }
    }

    /// Writes the UTF-16 units of valid UTF-8 `utf8` into `out` from `start` on, two bytes each in the
    /// given order; returns where writing ended. (`out` holds two bytes for each UTF-8 byte.)
    static func utf16(of utf8: UnsafeBufferPointer<UInt8>, littleEndian: Bool, into out: UnsafeMutableBufferPointer<UInt8>,
                      at start: Int) -> Int {
        var written = start, index = 0
        @inline(__always) func put(_ unit: UInt32) {
            let low = UInt8(truncatingIfNeeded: unit), high = UInt8(truncatingIfNeeded: unit >> 8)
            out[written] = littleEndian ? low : high
            out[written + 1] = littleEndian ? high : low
            written += 2
        }
        let count = utf8.count
        let raw = UnsafeRawPointer(utf8.baseAddress)
        while index < count {
            // Eight ASCII bytes at a time (a deck is mostly ASCII), as two words of four units each.
            if index + 8 <= count, written + 16 <= out.count, let raw,
               case let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)),
               word & 0x8080_8080_8080_8080 == 0 {
                let target = UnsafeMutableRawPointer(out.baseAddress! + written)
                for half in 0..<2 {
                    var units = word >> UInt64(32 * half) & 0xFFFF_FFFF
                    units = (units | units << 16) & 0x0000_FFFF_0000_FFFF
                    units = (units | units << 8) & 0x00FF_00FF_00FF_00FF
                    target.storeBytes(of: (littleEndian ? units : units << 8).littleEndian, toByteOffset: 8 * half, as: UInt64.self)
                }
                written += 16
                index += 8
                continue
            }
            let lead = UInt32(utf8[index])
            if lead < 0x80 { put(lead); index += 1; continue }
            var scalar: UInt32
            if lead < 0xE0 {
                scalar = (lead & 0x1F) << 6 | UInt32(utf8[index + 1]) & 0x3F
                index += 2
            } else if lead < 0xF0 {
                scalar = (lead & 0x0F) << 12 | (UInt32(utf8[index + 1]) & 0x3F) << 6 | UInt32(utf8[index + 2]) & 0x3F
                index += 3
            } else {
                scalar = (lead & 0x07) << 18 | (UInt32(utf8[index + 1]) & 0x3F) << 12
                    | (UInt32(utf8[index + 2]) & 0x3F) << 6 | UInt32(utf8[index + 3]) & 0x3F
                index += 4
            }
            if scalar >= 0x10000 {
                scalar -= 0x10000
                put(0xD800 | scalar >> 10)
                put(0xDC00 | scalar & 0x3FF)
            } else {
                put(scalar)
            }
        }
        return written
    }

    /// The card rows of the export, taking the rows an edit left alone from the previous build's
    /// snapshot and reading only the bytes between the blocks still in place from the start and
    /// those shifted by the change in size from the end. `nil` when the snapshot does not apply (the
    /// encoding is not covered, the header's block changed, the changed bytes do not start and end
    /// where a row does, or a row needs sections no chunk holds): the caller then reads the export
    /// whole. Diagnostics are reported only when the rows are returned.
    mutating func cardRows(reusing old: RowSnapshot, images: ImageFolder, log: inout DiagnosticLog) -> [CardRow]? {
        guard let export, old.forced == forcedEncoding,
              let columns = try? DeckColumns.find(in: old.header).get() else { return nil }
        var scratch = DiagnosticLog()
        let missingBefore = missingImages
        let result: ([CardRow], RowSnapshot)?? = export.folder.withOpenFile(export.url, display: path, log: &scratch) { descriptor, size, log in
            rows(reusing: old, columns: columns, file: ExportBytes(descriptor: descriptor, size: size), images: images, log: &log)
        }
        guard let (cards, snapshot) = result ?? nil else {
            missingImages = missingBefore
            return nil
        }
        log.merge(scratch)
        keep(snapshot)
        return cards
    }

    /// ``cardRows(reusing:images:log:)`` on the open export: the cards and the next snapshot.
    private mutating func rows(reusing old: RowSnapshot, columns: (DeckColumns, [(Int, String)]), file: ExportBytes,
                               images: ImageFolder, log: inout DiagnosticLog) -> ([CardRow], RowSnapshot)? {
        let unit = old.encoding == .utf16LE || old.encoding == .utf16BE ? 2 : 1
        let size = file.size, shift = size - old.size, blocks = old.blocks
        guard (size - old.textStart) % unit == 0 else { return nil }
        // The blocks still in place from the start, and those shifted by `shift` from the end (never
        // the first, which holds the header), on two cores: each side stops where the other got to.
        let prefix = Atomic<Int>(0), suffix = Atomic<Int>(blocks.count)
        // Each side reads its blocks through one buffer of ``ExportBytes/pieceSize``.
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            var blockBytes = [UInt8](unsafeUninitializedCapacity: ExportBytes.pieceSize) { _, count in count = ExportBytes.pieceSize }
            if side == 0 {
                while case let next = prefix.load(ordering: .acquiring), next < suffix.load(ordering: .acquiring),
                      blocks[next].end <= size, file.hash(blocks[next].start..<blocks[next].end, scratch: &blockBytes) == blocks[next].hash {
                    prefix.store(next + 1, ordering: .releasing)
                }
            } else {
                while case let next = suffix.load(ordering: .acquiring) - 1, next >= max(1, prefix.load(ordering: .acquiring)),
                      blocks[next].start + shift >= 0, blocks[next].end + shift <= size,
                      file.hash(blocks[next].start + shift..<blocks[next].end + shift, scratch: &blockBytes) == blocks[next].hash {
                    suffix.store(next, ordering: .releasing)
                }
            }
        }
        let kept = prefix.load(ordering: .acquiring)
        guard kept >= 1 else { return nil }
        let changedStart = blocks[kept - 1].end
        var resumed = max(suffix.load(ordering: .acquiring), kept)
        while resumed < blocks.count, blocks[resumed].start + shift < changedStart { resumed += 1 }
        // One block found in place is read again with the changed bytes: the changed rows end where a
        // block ends, so the cut before the rest stays where it was (an edit to the row before it
        // could otherwise move it) and every new block lies in bytes read now.
        if resumed < blocks.count { resumed += 1 }
        let changedEnd = resumed < blocks.count ? blocks[resumed].start + shift : size
        guard changedEnd >= changedStart else { return nil }
        // Without a byte-order mark or `--deck-encoding`, UTF-16 is told by the zeros in the first 4 KB:
        // an edit there must not change what they say. (UTF-8 and the code pages are told apart by the
        // whole file: checked once the new blocks are known.)
        if old.forced == nil && old.textStart == 0 {
            guard let sample = file.read(0..<min(4096, size)),
                  DeckDecoder.guessUTF16WithoutBOM(sample) == (unit == 2 ? old.encoding : nil) else { return nil }
        }

        // The changed bytes must start and end where a row does, as a reading of the whole file has it.
        func unitValue(at offset: Int) -> UInt16? {
            guard offset >= old.textStart, offset + unit <= size, let bytes = file.read(offset..<offset + unit) else { return nil }
            if unit == 1 { return UInt16(bytes[0]) }  // a code page's CR and LF are ASCII
            return old.encoding == .utf16LE ? UInt16(bytes[0]) | UInt16(bytes[1]) << 8 : UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        }
        func endsRow(at offset: Int) -> Bool {
            // A line break ends just before `offset`, and is not a CR whose LF comes after `offset`.
            guard let last = unitValue(at: offset - unit), last == 0x0A || last == 0x0D else { return false }
            return last == 0x0A || unitValue(at: offset) != 0x0A
        }
        if changedStart < size, !endsRow(at: changedStart) { return nil }
        if changedEnd > changedStart, resumed < blocks.count, !endsRow(at: changedEnd) { return nil }

        // The changed bytes, parsed from the line they start on.
        guard let bytes = file.read(changedStart..<changedEnd) else { return nil }
        let text: String
        switch old.encoding {
        case .utf8:
            guard let valid = String(validating: bytes, as: UTF8.self) else { return nil }
            text = valid
        case .utf16LE, .utf16BE: text = DeckDecoder.utf16ToString(bytes[...], littleEndian: old.encoding == .utf16LE)
        case .macRoman, .windows1252: text = DeckDecoder.decode(bytes[...], as: old.encoding)
        }
        guard !Self.holdsReplacement(text) else { return nil }
        let startLine = kept < blocks.count ? old.startLine(ofBlock: kept) : old.endLine
        var parsed = TabularText.Parser.Result()
        var contiguous = text
        contiguous.withUTF8 { utf8 in
            parsed = TabularText.Parser(bytes: utf8, text: text).parse(from: 0, line: startLine, stoppingAtRowEndFrom: nil)
        }
        guard parsed.issues.isEmpty else { return nil }
        let changedEndLine = parsed.line
        let ends = Self.fileOffsets(of: parsed.ends, in: text, encoding: old.encoding, base: changedStart)

        // Every record: kept from the start, read now, kept from the end (moved by the change).
        // Room for every record at once: grown by doubling, the arrays were copied into fresh pages.
        var records: [RowRecord] = []
        records.reserveCapacity(old.records.count + parsed.rows.count)
        records += old.records[..<blocks[kept - 1].rows.upperBound]
        for (position, row) in parsed.rows.enumerated() {
            guard var record = RowRecord(row, columns: columns.0) else { continue }
            record.end = ends[position]
            record.nextLine = parsed.endLines[position]
            records.append(record)
        }
        let lineShift = resumed < blocks.count ? changedEndLine - old.startLine(ofBlock: resumed) : 0
        if resumed < blocks.count {
            for var record in old.records[blocks[resumed].rows.lowerBound...] {
                record.line += lineShift
                record.nextLine += lineShift
                record.end += shift
                records.append(record)
            }
        }
        parsed = TabularText.Parser.Result()

        reportHeader(columns.1, line: old.headerLine, log: &log)
        var cards: [CardRow] = []
        var cardRecords: [Int] = []
        cards.reserveCapacity(records.count)
        cardRecords.reserveCapacity(records.count)
        var previousCategory: String?
        for index in records.indices {
            guard let card = replay(records[index], columns: columns.0, images: images, previousCategory: &previousCategory, log: &log)
            else { continue }
            // A row that became a card without being read now has no sections to take.
            if card.pendingCells == nil && card.keptSections == nil && (card.topic != nil || card.subtopic != nil) { return nil }
            cards.append(card)
            cardRecords.append(index)
            records[index].cells = nil
        }
        guard parseSections(of: &cards, columns: columns.0) else { return nil }

        // Each block of the next snapshot is one found in place (its hash checked above) or lies in
        // the bytes read now.
        var found: [Range<Int>: RowSnapshot.Facts] = [:]
        for block in blocks[..<kept] { found[block.start..<block.end] = block.facts }
        for block in blocks[resumed...] { found[block.start + shift..<block.end + shift] = block.facts }
        let verified = found, guessed = old.isGuessedCodePage
        let layout = RowSnapshot(size: size, encoding: old.encoding, forced: old.forced, textStart: old.textStart,
                                 headerLine: old.headerLine, header: old.header,
                                 endLine: resumed < blocks.count ? old.endLine + lineShift : changedEndLine,
                                 blocks: [], records: consume records)
        let snapshot = self.snapshot(consume layout, cards: cards, cardRecords: cardRecords) { range in
            if let facts = verified[range] { return facts }
            guard range.lowerBound >= changedStart, range.upperBound <= changedEnd else { return nil }
            return bytes.withUnsafeBytes { all in
                RowSnapshot.Facts(of: UnsafeRawBufferPointer(rebasing: all[range.lowerBound - changedStart..<range.upperBound - changedStart]),
                                  guessed: guessed)
            }
        }
        // A code page guessed from the whole file must be guessed again.
        guard let snapshot, !snapshot.isGuessedCodePage || snapshot.guessesSameCodePage else { return nil }
        return (cards, snapshot)
    }
}
