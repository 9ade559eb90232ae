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
}
