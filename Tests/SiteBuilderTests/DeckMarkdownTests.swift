import Deck
@testable import SiteBuilder
import Testing

@Suite("Deck text to Markdown")
struct DeckMarkdownTests {
    func line(_ text: String, _ style: TextStyle = []) -> RichLine { RichLine([TextRun(text, style: style)]) }

    @Test func listsNestAndSwitchWithBlankLines() {
        let markdown = DeckMarkdown.info([
            .bullet(level: 1, line("a")), .bullet(level: 2, line("a1")), .numbered(number: 1, line("one")),
            .bullet(level: 2, line("sub")), .numbered(number: 2, line("two")), .text(line("p1")), .text(line("p2")),
            .mnemonic(line("memo", .bold)),
        ])
        #expect(markdown == "- a\n  - a1\n\n1. one\n   - sub\n2. two\n\np1<br>\np2\n\n<p class=\"mnemonic\"><strong>memo</strong></p>\n")
    }

    @Test func subBulletWithoutParentIsATopLevelBullet() {
        #expect(DeckMarkdown.info([.bullet(level: 2, line("orphan"))]) == "- orphan\n")
    }

    @Test func stylesWrapEscapedText() {
        #expect(DeckMarkdown.inline(RichLine([TextRun("<x>", style: [.underline, .italic, .bold])]))
                == "<strong><em><u>&lt;x&gt;</u></em></strong>")
    }
}
