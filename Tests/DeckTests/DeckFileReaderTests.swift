@testable import Deck
import Diagnostics
import Foundation
import Testing
import TestSupport

/// A large UTF-16 export is transcoded while it is read, a chunk at a time and in two halves: the text
/// must be exactly what decoding the whole file gives, wherever chunks and halves fall.
@Suite("Reading a deck export in chunks")
struct DeckFileReaderTests {
    /// UTF-16 bytes of seeded text full of surrogate pairs, lone surrogates and non-ASCII letters.
    static func utf16(_ random: inout SeededRandom, littleEndian: Bool, mark: Bool) -> [UInt8] {
        let units: [[UInt16]] = [[0x41], [0x09], [0x0A], [0xE9], [0x3B1], [0xD83D, 0xDC41], [0xD83D], [0xDC41], [0x20AC], [0x61, 0x62, 0x63, 0x64, 0x65]]
        var bytes: [UInt8] = mark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for _ in 0..<random.next(below: 120) {
            for unit in units[random.next(below: units.count)] {
                let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                bytes += littleEndian ? pair : pair.reversed()
            }
        }
        if random.next(below: 4) == 0 { bytes.append(0x41) }  // an odd last byte
        return bytes
    }

    @Test func theStreamedTextIsTheWholeFilesText() throws {
        let root = try TemporaryFolder.make("deck-stream")
        defer { TemporaryFolder.remove(root) }
        let folder = ContentFolder(root: root)
        let url = root.appendingPathComponent("deck.tsv")
        var random = SeededRandom(seed: 0x57AE)
        for round in 0..<400 {
            let littleEndian = round % 2 == 0, mark = round % 5 != 0
            let bytes = Self.utf16(&random, littleEndian: littleEndian, mark: mark)
            try Data(bytes).write(to: url)
            let forced: DeckEncoding? = mark ? nil : (littleEndian ? .utf16LE : .utf16BE)
            let expected = DeckDecoder.decode(bytes, forced: forced)
            var log = DiagnosticLog()
            let chunk = 1 + random.next(below: 12)
            let read = try #require(DeckFileReader.decode(url, in: folder, display: "deck.tsv", forced: forced, log: &log,
                                                          streamingAbove: 0, chunkBytes: chunk))
            #expect(read.0 == expected, "round \(round), chunks of \(chunk) bytes")
            #expect(read.1 == bytes.count)
            #expect(log.all.isEmpty)
        }
    }

    /// A read that fails is reported with its own error, from either half.
    @Test func aFailedReadGivesItsError() {
        for end in [20, 4_000] {  // one half, two halves
            let read = DeckFileReader.utf16Text(of: -1, from: 0, to: end, littleEndian: true, chunkBytes: 16)
            #expect(read.failure == EBADF)
            #expect(read.text.isEmpty)
        }
    }

    /// The real deck (a Mac OS Roman export), saved again as Excel's "Unicode Text" (UTF-16LE with a
    /// mark), reads through the streaming path into the same text as the original, in chunks of a few
    /// bytes and in halves.
    @Test(.enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))
    func theRealDeckAsUnicodeTextStreamsToTheSameText() throws {
        let shared = try #require(SharedData.folder("deck"))
        let file = try #require(try FileManager.default.contentsOfDirectory(at: shared, includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "tsv" })
        let original = DeckDecoder.decode([UInt8](try Data(contentsOf: file)))
        #expect(original.encoding == .macRoman)
        let root = try TemporaryFolder.make("deck-stream")
        defer { TemporaryFolder.remove(root) }
        let url = root.appendingPathComponent("unicode.txt")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in original.text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data(bytes).write(to: url)
        for chunk in [7, 4_096, 1 << 20] {
            var log = DiagnosticLog()
            let read = try #require(DeckFileReader.decode(url, in: ContentFolder(root: root), display: "unicode.txt", forced: nil, log: &log,
                                                          streamingAbove: 0, chunkBytes: chunk))
            #expect(read.0 == DeckDecoder.Decoded(text: original.text, encoding: .utf16LE, textStart: 2), "chunks of \(chunk) bytes")
            #expect(read.1 == bytes.count)
        }
    }

    /// Only UTF-16 streams; a large UTF-8 or legacy export is read whole and detected as before.
    @Test func otherEncodingsAreReadWhole() throws {
        let root = try TemporaryFolder.make("deck-stream")
        defer { TemporaryFolder.remove(root) }
        let url = root.appendingPathComponent("deck.tsv")
        for bytes in [Array("Category\tTopic\ncafé\tx\n".utf8), [0x43, 0x61, 0x66, 0x8E, 0x0A]] {
            try Data(bytes).write(to: url)
            var log = DiagnosticLog()
            let read = try #require(DeckFileReader.decode(url, in: ContentFolder(root: root), display: "deck.tsv", forced: nil, log: &log,
                                                          streamingAbove: 0, chunkBytes: 3))
            #expect(read.0 == DeckDecoder.decode(bytes))
        }
    }
}
