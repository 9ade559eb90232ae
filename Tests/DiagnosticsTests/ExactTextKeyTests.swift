import Diagnostics
import Testing

@Suite("Exact text keys")
struct ExactTextKeyTests {
    @Test func equalOnlyForTheSameBytesInTheSameOrder() {
        #expect(ExactTextKey(["Drusen", "→ é", nil]) == ExactTextKey(["Drusen", "→ é", nil]))
        #expect(ExactTextKey(["Drusen", "→ é", nil]).hashValue == ExactTextKey(["Drusen", "→ é", nil]).hashValue)
        // Canonically equivalent (equal as Strings) but different bytes: a parser working on bytes may differ.
        #expect("\u{E9}" == "e\u{301}")
        #expect(ExactTextKey(["\u{E9}"]) != ExactTextKey(["e\u{301}"]))
        // Equivalent and of the same length in bytes (d with a dot above and one below, composed either way).
        #expect("\u{1E0B}\u{323}" == "\u{1E0D}\u{307}")
        #expect(ExactTextKey(["\u{1E0B}\u{323}"]) != ExactTextKey(["\u{1E0D}\u{307}"]))
        #expect(ExactTextKey([nil]) != ExactTextKey([""]))
        #expect(ExactTextKey(["ab", "c"]) != ExactTextKey(["a", "bc"]))
        #expect(ExactTextKey(["a"]) != ExactTextKey(["a", nil]))
        #expect(ExactTextKey([]) == ExactTextKey([]))
    }
}
