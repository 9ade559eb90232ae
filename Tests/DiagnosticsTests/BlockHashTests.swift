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
}
