import Testing
import TestSupport
@testable import SessionReports

@Suite("Normalising rendered documents")
struct NormaliseTests {
    @Test func lineEndingsBlankRunsAndTheLastNewline() {
        #expect(SessionReporter.normalise("a\r\nb\rc\n\n\n\nd\n\n") == "a\nb\nc\n\nd\n")
        #expect(SessionReporter.normalise("") == "\n")
        #expect(SessionReporter.normalise("\r\r\n\n") == "\n")
    }

    /// The one-pass normaliser gives what the replacement rules give, on seeded text of line breaks of
    /// every kind, spaces, letters and a combining mark.
    @Test func agreesWithTheReplacementRules() {
        let pieces = ["\r", "\n", "\r\n", "\n\n\n", "a", " ", "é", "\u{0301}", "<p>", "\t"]
        var random = SeededRandom(seed: 0x4E0E_2026)
        for _ in 0..<20_000 {
            let text = (0..<random.next(below: 10)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            #expect(SessionReporter.normalise(text) == SessionReporter.normaliseByReplacing(text), "\(text.debugDescription)")
        }
    }
}
