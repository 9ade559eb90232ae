import Diagnostics
import Testing

/// Texts a kept chunk holds are checked to be UTF-8 before a card uses them: the all-ASCII shortcut
/// must never let a non-ASCII byte through unchecked.
@Suite("Chunk texts")
struct ChunkReaderTests {
    private static func skips(_ text: [UInt8]) -> Bool {
        var writer = ChunkWriter(magic: [])
        writer.number(text.count)
        writer.raw(text)
        return writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = ChunkReader(buffer)
            return reader.skipText() && reader.isAtEnd
        }
    }

    @Test func asciiAndUTF8TextsAreAcceptedAtEveryLength() {
        for length in 0...40 {
            #expect(Self.skips(Array(repeating: UInt8(ascii: "a"), count: length)), "\(length) ASCII bytes")
            #expect(Self.skips(Array(repeating: UInt8(ascii: "a"), count: length) + Array("é𝑥".utf8)), "\(length) bytes, then é𝑥")
        }
    }

    @Test func aByteThatIsNotUTF8IsRefusedWhereverItIs() {
        for length in 1...40 {
            for position in 0..<length {
                for bad: UInt8 in [0x80, 0xC3, 0xFF] {
                    var text = Array(repeating: UInt8(ascii: "a"), count: length)
                    text[position] = bad
                    #expect(!Self.skips(text), "byte \(bad) at \(position) of \(length)")
                }
            }
        }
    }
}
