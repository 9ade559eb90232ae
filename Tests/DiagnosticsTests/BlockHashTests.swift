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

    /// Digests are kept in row snapshots between builds: the function itself never changes silently
    /// (a faster loop must give these same digests).
    @Test func knownInputsKeepTheirDigests() {
        let inputs: [[UInt8]] = [[], Array("a".utf8), Array("retina\tmacula\n".utf8),
                                 (0..<100).map { UInt8($0) }, (0..<4_099).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }]
        let expected = ["262999ba601fd0ef1acbd586ea7846b9ea2eaba4f166a09c6f9498ddfcea50cf",
                        "9a8469cccd2abe0309512582745f9833d5ee3ee125c0fde5377bbff953ba232d",
                        "ed86c83c497f298d829cd9c0f46b8af787377d2defce262d6a36b9a2768d467d",
                        "0a1b4427fe84275f41204f58a60412846582a2113f0a6a6dccf016f34986c102",
                        "411858f91550f755e97682c37c1c739a5fcb3d084fd60d8ad97ef3fb34f01a4f"]
        for (input, hex) in zip(inputs, expected) { #expect(Self.digest(input).hex == hex, "\(input.count) bytes") }
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
