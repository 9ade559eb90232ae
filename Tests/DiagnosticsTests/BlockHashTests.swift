import Diagnostics
import Testing

/// The digest row snapshot blocks are compared by: any changed bit, length or order of words parts it.
@Suite("Block digests")
struct BlockHashTests {
    private static func digest(_ bytes: [UInt8]) -> ContentDigest { bytes.withUnsafeBytes { BlockHash.digest($0) } }

    @Test func everyFlippedBitGivesAnotherDigest() {
        var generator = SystemRandomNumberGenerator()
        let original = (0..<203).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var seen: Set<ContentDigest> = [Self.digest(original)]
        for index in original.indices {
            for bit in 0..<8 {
                var flipped = original
                flipped[index] ^= 1 << bit
                #expect(seen.insert(Self.digest(flipped)).inserted, "byte \(index), bit \(bit)")
            }
        }
        #expect(Self.digest(original) == Self.digest(original))
    }

    @Test func everyLengthAndOrderGivesAnotherDigest() {
        var seen: Set<ContentDigest> = []
        for length in 0...64 { #expect(seen.insert(Self.digest([UInt8](repeating: 0, count: length))).inserted, "\(length) zero bytes") }
        let words = Array("retina--macula--".utf8), swapped = Array("macula--retina--".utf8)
        #expect(Self.digest(words) != Self.digest(swapped))
    }

    /// A block read through a small buffer (``BlockHash/Stream``) has the digest of the whole block.
    @Test func piecesOfThirtyTwoBytesGiveTheDigestOfTheWhole() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 31, 32, 33, 95, 96, 1_000, 65_536, 65_537, 200_003] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for piece in [32, 64, 4_096, 65_536] {
                var stream = BlockHash.Stream()
                bytes.withUnsafeBytes { raw in
                    var offset = 0
                    repeat {
                        let end = min(raw.count, offset + piece)
                        stream.add(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                        offset = end
                    } while offset < raw.count
                }
                #expect(stream.digest == Self.digest(bytes), "\(length) bytes in pieces of \(piece)")
            }
        }
    }
}
