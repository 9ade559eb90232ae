@testable import Deck
import Testing

@Suite("Info markers")
struct InfoParserTests {
    func line(_ text: String, _ style: TextStyle = []) -> RichLine { RichLine([TextRun(text, style: style)]) }

    @Test func bulletsIncludingTheExcelArtifactAndSubBullets() {
        #expect(InfoParser.blocks(from: "\u{2018}- first\n - second\n## sub\n##tight\n-<u>V</u>ein") == [
            .bullet(level: 1, line("first")), .bullet(level: 1, line("second")),
            .bullet(level: 2, line("sub")), .bullet(level: 2, line("tight")),
            .bullet(level: 1, RichLine([TextRun("V", style: .underline), TextRun("ein")])),
        ])
    }

    @Test func numberedItemsInThreeStyles() {
        #expect(InfoParser.blocks(from: "1. one\n2) two\n(3) three\n1.5 mm is text") == [
            .numbered(number: 1, line("one")), .numbered(number: 2, line("two")),
            .numbered(number: 3, line("three")), .text(line("1.5 mm is text")),
        ])
    }

    @Test func mnemonicArrowAndPlainText() {
        #expect(InfoParser.blocks(from: "* Good Young Retinas\nA --> B\n--> C\n*footnote") == [
            .mnemonic(line("Good Young Retinas")), .text(line("A → B")), .text(line("→ C")), .text(line("*footnote")),
        ])
    }

    @Test func nestedStylesAndTagsAcrossLines() {
        #expect(InfoParser.blocks(from: "- <b><u>C</u></b>horoideremia\n<i>start\nend</i> after") == [
            .bullet(level: 1, RichLine([TextRun("C", style: [.bold, .underline]), TextRun("horoideremia")])),
            .text(line("start", .italic)),
            .text(RichLine([TextRun("end", style: .italic), TextRun(" after")])),
        ])
    }

    @Test func otherAngleBracketsAndAmpersandsAreLiteral() {
        #expect(InfoParser.blocks(from: "- Female>male (2:1) & <50 yrs <span>") == [
            .bullet(level: 1, line("Female>male (2:1) & <50 yrs <span>")),
        ])
    }

    @Test func strayClosingTagIsDropped() {
        #expect(InfoParser.blocks(from: "text</u> more") == [.text(line("text more"))])
    }

    /// The bullet markers no other test names (`'-`, `’-`, `` `- ``, `•`, `– `), a hashed text line, and a dash that is no marker.
    @Test func everyBulletMarkerAndTheHashedTextLine() {
        #expect(InfoParser.blocks(from: "'- a\n\u{2019}- b\n`- c\n\u{2022} d\n\u{2013} e\n# f\n\u{2014} g") == [
            .bullet(level: 1, line("a")), .bullet(level: 1, line("b")), .bullet(level: 1, line("c")),
            .bullet(level: 1, line("d")), .bullet(level: 1, line("e")), .text(line("f")), .text(line("\u{2014} g")),
        ])
    }

    @Test func negativeNumberIsNotABullet() {
        #expect(InfoParser.blocks(from: "-6.00 D") == [.text(line("-6.00 D"))])
    }

    @Test func headerLinesLoseTheirHashes() {
        #expect(InfoParser.headerLines(from: "# Due to X\n# May have Y\n#No space") == [line("Due to X"), line("May have Y"), line("No space")])
    }
}
