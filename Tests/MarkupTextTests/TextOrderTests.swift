import MarkupText
import Testing

@Suite("Byte orders of strings")
struct TextOrderTests {
    /// Characters from every UTF-8 length, on both sides of U+E000 and of U+FFFF, where UTF-8 and
    /// UTF-16 orders part.
    private static let alphabet: [Character] = ["a", "b", "z", "é", "ß", "ш", "中", "\u{D7FF}", "\u{E000}", "\u{F8FF}", "～",
                                                "\u{FFFD}", "😀", "\u{10000}", "\u{1F441}", "\u{10FFFF}", "-", "0"]

    private static func randomStrings(_ count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(state: seed)
        return (0..<count).map { _ in
            // Short (stored inline) and long strings, many sharing a prefix.
            let length = Int(generator.next() % 24)
            let prefix = generator.next() % 3 == 0 ? "shared-prefix-" : ""
            return prefix + String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
    }

    @Test func utf16OrderIsJavaScriptsOnEveryPair() {
        let strings = Self.randomStrings(300, seed: 7)
        for a in strings {
            for b in strings {
                #expect(TextOrder.utf16Precedes(a, b) == a.utf16.lexicographicallyPrecedes(b.utf16), "\(a) vs \(b)")
            }
        }
    }

    @Test func utf8OrderIsCodePointOrderOnEveryPair() {
        let strings = Self.randomStrings(300, seed: 11)
        for a in strings {
            for b in strings {
                #expect(TextOrder.utf8Precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) vs \(b)")
            }
        }
    }

    @Test func theOrdersPartAboveU_FFFF() {
        #expect(TextOrder.utf16Precedes("😀", "～"))
        #expect(!TextOrder.utf8Precedes("😀", "～"))
        #expect(TextOrder.utf16Precedes("a", "ab") && !TextOrder.utf16Precedes("ab", "a") && !TextOrder.utf16Precedes("", ""))
    }
}

/// A small seeded generator (SplitMix64), so a failure repeats.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
