@testable import Deck
import Testing

@Suite("Rich lines")
struct RichLineTests {
    @Test("A plain line and a styled one give back exactly the runs they were made of")
    func runsRoundTrip() {
        let plain = [TextRun("Autosomal dominant")]
        let styled = [TextRun("Fuchs "), TextRun("guttae", style: [.bold, .italic]), TextRun(" on the endothelium")]
        let single = [TextRun("underlined", style: .underline)]
        for runs in [plain, styled, single, []] {
            #expect(RichLine(runs).runs == runs)
        }
        #expect(RichLine(styled).plainText == "Fuchs guttae on the endothelium")
        #expect(RichLine(single).plainText == "underlined")
        #expect(RichLine(plain).plainText == "Autosomal dominant")
    }

    @Test func equalityFollowsTheRunsAndEmptinessIsNoRuns() {
        #expect(RichLine([TextRun("a")]) == RichLine([TextRun("a", style: [])]))
        #expect(RichLine([TextRun("a")]) != RichLine([TextRun("a", style: .bold)]))
        #expect(RichLine([TextRun("a")]) != RichLine([TextRun("a"), TextRun("b")]))
        #expect(RichLine([]).isEmpty)
        #expect(!RichLine([TextRun("")]).isEmpty)  // one run, even an empty one, is not "no runs"
        var line = RichLine([TextRun("a")])
        line.runs.append(TextRun("b", style: .italic))
        #expect(line.runs == [TextRun("a"), TextRun("b", style: .italic)])
        #expect(line.plainText == "ab")
    }
}
