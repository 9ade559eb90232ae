import Diagnostics
import Testing

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func formatsLikeACompiler() {
        #expect(Diagnostic.error("bad", at: SourceLocation(path: "a.tsv", line: 3, column: 7)).description == "a.tsv:3:7: error: bad")
        #expect(Diagnostic.warning("hm", at: SourceLocation(path: "a.tsv", line: 3)).description == "a.tsv:3: warning: hm")
        #expect(Diagnostic.warning("hm", at: SourceLocation(path: "dir")).description == "dir: warning: hm")
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
