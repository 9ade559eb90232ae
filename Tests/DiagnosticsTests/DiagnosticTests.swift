import Diagnostics
import Testing

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func formatsLikeACompiler() {
        #expect(Diagnostic.error("bad", at: SourceLocation(path: "a.tsv", line: 3, column: 7)).description == "a.tsv:3:7: error: bad")
        #expect(Diagnostic.warning("hm", at: SourceLocation(path: "a.tsv", line: 3)).description == "a.tsv:3: warning: hm")
        #expect(Diagnostic.warning("hm", at: SourceLocation(path: "dir")).description == "dir: warning: hm")
    }

    @Test func controlCharactersFromDataAreEscaped() {
        let diagnostic = Diagnostic.error("card \u{1B}[2J\u{1B}]0;owned\u{07} is bad\r\nfake.tsv:1: error: x", at: SourceLocation(path: "a\u{0}b.tsv", line: 1))
        #expect(diagnostic.description == "a\\u{0}b.tsv:1: error: card \\u{1B}[2J\\u{1B}]0;owned\\u{7} is bad\\u{D}\\u{A}fake.tsv:1: error: x")
        #expect(!diagnostic.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x9B })
        #expect(Diagnostic.escapingControls("plain é ✓") == "plain é ✓")
    }

    @Test func logCollectsEverything() {
        var log = DiagnosticLog()
        log.warning("w", at: SourceLocation(path: "x"))
        #expect(!log.hasErrors)
        log.error("e", at: SourceLocation(path: "x"))
        #expect(log.hasErrors)
        #expect(log.errors.count == 1 && log.warnings.count == 1 && log.all.count == 2)
    }
}
