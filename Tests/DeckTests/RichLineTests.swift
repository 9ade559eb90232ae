@testable import Deck
import Testing
import TestSupport

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

    /// Lines' plain text, built in one reserved string, is their runs' texts joined, the lines joined
    /// by the separator, on seeded lines of styled and unstyled runs (empty ones and none included).
    @Test func plainTextOfLinesIsTheirRunsJoined() {
        let texts = ["", "a", "Fuchs ", "é→", "guttae", " ", "網膜", "\u{0301}x"]
        var random = SeededRandom(seed: 0x9A17_2026)
        for _ in 0..<5_000 {
            let lines = (0..<random.next(below: 5)).map { _ in
                RichLine((0..<random.next(below: 4)).map { _ in
                    TextRun(texts[random.next(below: texts.count)], style: random.next(below: 2) == 0 ? [] : .bold)
                })
            }
            let separator = ["\n", " ", ""][random.next(below: 3)]
            let expected = lines.map { $0.runs.map(\.text).joined() }.joined(separator: separator)
            #expect(RichLine.plainText(of: lines, separator: separator) == expected)
            for line in lines { #expect(line.plainText == line.runs.map(\.text).joined()) }
        }
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

    /// Joined plain text equals joining each line's plain text, for none, one and several lines,
    /// styled or not, and through a section's header and info.
    @Test func joinedPlainTextEqualsJoiningEachLine() {
        let lines = [RichLine([TextRun("Drusen")]), RichLine([TextRun("soft ", style: .bold), TextRun("and hard")]),
                     RichLine([]), RichLine([TextRun("→ AMD", style: .italic)])]
        for count in 0...lines.count {
            let part = Array(lines.prefix(count))
            #expect(RichLine.plainText(of: part, separator: "\n") == part.map(\.plainText).joined(separator: "\n"))
        }
        let section = CardSection(header: [lines[1], lines[0]], info: [.bullet(level: 1, lines[0]), .text(lines[1]), .mnemonic(lines[3])], number: 1)
        #expect(section.headerText == "soft and hard Drusen")
        #expect(section.infoText == "Drusen\nsoft and hard\n→ AMD")
    }
}
