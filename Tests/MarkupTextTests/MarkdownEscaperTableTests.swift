@testable import MarkupText
import Testing

/// The escaper's quick check agrees with its replacement table for every byte.
@Suite("Markdown escaper's byte check")
struct MarkdownEscaperTableTests {
    @Test func theQuickCheckMatchesTheReplacementTable() {
        for byte in UInt8.min...UInt8.max {
            #expect(MarkdownEscaper.isAlwaysReplaced(byte) == (MarkdownEscaper.always[Int(byte)] != nil), "byte \(byte)")
        }
    }

    @Test func everyReplacedByteIsEscapedInsideAValue() {
        for byte in UInt8(0)..<0x80 where MarkdownEscaper.always[Int(byte)] != nil {
            let text = "a" + String(UnicodeScalar(byte)) + "b"
            #expect(MarkdownEscaper.escape(text) != text, "byte \(byte)")
        }
        #expect(MarkdownEscaper.escape("plain words 12 é") == "plain words 12 é")
    }
}
