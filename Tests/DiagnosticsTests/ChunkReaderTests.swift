import Diagnostics
import Testing

/// Texts a kept chunk holds are checked to be UTF-8 when a card's row is decoded: a byte that is not
/// UTF-8 is refused wherever it is.
@Suite("Chunk texts")
struct ChunkReaderTests {
    private static func reads(_ text: [UInt8]) -> Bool {
        var writer = ChunkWriter(magic: [])
        writer.number(text.count)
        writer.raw(text)
        return writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = ChunkReader(buffer)
            return reader.text() != nil && reader.isAtEnd
        }
    }

    @Test func asciiAndUTF8TextsAreAcceptedAtEveryLength() {
        for length in 0...40 {
            #expect(Self.reads(Array(repeating: UInt8(ascii: "a"), count: length)), "\(length) ASCII bytes")
            #expect(Self.reads(Array(repeating: UInt8(ascii: "a"), count: length) + Array("é𝑥".utf8)), "\(length) bytes, then é𝑥")
        }
    }

    @Test func aByteThatIsNotUTF8IsRefusedWhereverItIs() {
        for length in 1...40 {
            for position in 0..<length {
                for bad: UInt8 in [0x80, 0xC3, 0xFF] {
                    var text = Array(repeating: UInt8(ascii: "a"), count: length)
                    text[position] = bad
                    #expect(!Self.reads(text), "byte \(bad) at \(position) of \(length)")
                }
            }
        }
    }

    /// Joined parts are written as the joined text would be (a search chunk's key holds each document's
    /// path so, and its name is the hash of the key).
    @Test func joinedPartsAreWrittenAsTheJoinedText() {
        for parts in [[], [""], ["Retina"], ["Retina", "Vascular"], ["", ""], ["Sjögren", "網膜", "😀"], ["a b", "", "c"]] {
            var joined = ChunkWriter(magic: [1]), expected = ChunkWriter(magic: [1])
            joined.text(joining: parts, separator: UInt8(ascii: " "))
            expected.text(parts.joined(separator: " "))
            #expect(joined.bytes == expected.bytes, "\(parts)")
        }
    }

    /// What Swift's own validation refuses is refused; what it accepts reads back as the same text.
    @Test func textsReadBackExactlyAndMalformedSequencesAreRefused() {
        for text in ["", "a", "\u{0}", "Sjögren", "網膜剥離", "😀👍🏽", "e\u{301}", "\u{FFFD}", "\u{10FFFF}", String(repeating: "ω", count: 100)] {
            var writer = ChunkWriter(magic: [])
            writer.text(text)
            let read = writer.bytes.withUnsafeBufferPointer { buffer in
                var reader = ChunkReader(buffer)
                return reader.text()
            }
            #expect(read == text && read?.utf8.elementsEqual(text.utf8) == true, "\(text)")
        }
        // Overlong forms, surrogates, beyond U+10FFFF, truncated sequences, a lone continuation byte.
        for bad: [UInt8] in [[0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98],
                             [0x61, 0xE2, 0x82], [0xBF], [0xEF, 0xBF, 0xBD, 0xFE]] {
            #expect(String(validating: bad, as: UTF8.self) == nil)
            #expect(!Self.reads(bad), "\(bad)")
            #expect(!Self.reads(Array("retina ".utf8) + bad + Array(" macula".utf8)), "\(bad) inside text")
        }
    }
}
