import MarkupText
import Testing
import TestSupport

@Suite("Byte search")
struct ByteSearchTests {
    /// The first offset and the count, against a byte-by-byte scan, for seeded texts and needles over a
    /// small alphabet (so matches overlap, sit at either end, and the lead byte often comes alone).
    @Test func findsWhatAScanFinds() {
        var random = SeededRandom(seed: 33)
        let alphabet: [UInt8] = [0x0A, 0x61, 0xEE, 0x80]
        for _ in 0..<2_000 {
            let text = (0..<random.next(below: 24)).map { _ in alphabet[random.next(below: alphabet.count)] }
            let needle = (0..<(1 + random.next(below: 3))).map { _ in alphabet[random.next(below: alphabet.count)] }
            let start = random.next(below: text.count + 1)
            let matches = text.indices.filter { $0 + needle.count <= text.count && Array(text[$0..<$0 + needle.count]) == needle }
            text.withUnsafeBufferPointer { buffer in
                #expect(ByteSearch.firstOffset(of: needle, in: buffer, from: start) == matches.first { $0 >= start }, "\(text) \(needle) \(start)")
                #expect(ByteSearch.count(of: needle, in: buffer) == matches.count, "\(text) \(needle)")
            }
        }
    }
}
