@testable import Deck
import Testing
import TestSupport

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

    /// Trimming on bytes and splitting lines on bytes give what trimming and splitting by characters
    /// give, on seeded text built from spaces, tabs, non-breaking spaces, combining marks (which join
    /// the space before them), a prepended mark (which joins the space after it), line breaks and words.
    @Test func byteTrimmingAndLineSplittingAgreeWithCharacters() {
        let pieces = [" ", "  ", "\t", "\u{00A0}", "\u{0301}", "e\u{0301}", "\u{0600}", "\u{200D}", "x", "Retina", "é", "→", "\n", "\r\n",
                      "\r", "👍🏽", "-"]
        var random = SeededRandom(seed: 0x5EED_7E1D)
        func next(_ bound: Int) -> Int { random.next(below: bound) }
        for _ in 0..<20_000 {
            let text = (0..<next(7)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(text.trimmingSpaces == text.characterTrimmedSpaces, "\(text.debugDescription)")
            let slice = ("<" + text + ">").dropFirst().dropLast()
            #expect(slice.trimmingSpaces == slice.characterTrimmedSpaces, "\(text.debugDescription)")
            let byCharacters = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            #expect(InfoParser.lines(of: text).map(String.init) == byCharacters.map(String.init), "\(text.debugDescription)")
        }
    }

    @Test func headerLinesLoseTheirHashes() {
        #expect(InfoParser.headerLines(from: "# Due to X\n# May have Y\n#No space") == [line("Due to X"), line("May have Y"), line("No space")])
    }

    /// The shortcuts (lines that cannot start with a marker; lines with no tag, arrow or end space)
    /// give what the full scan gives, on seeded lines built from markers, tags, arrows, spaces,
    /// combining marks and plain words.
    @Test func shortcutsAgreeWithTheFullScan() {
        let pieces = ["-", "- ", "-  ", "--> ", "'- ", "\u{2018}- ", "\u{2019}-", "`-", "\u{2022} ", "\u{2013} ", "## ", "# ", "* ", "*",
                      "1. ", "2)", "(3) ", "1.5", "-6", "<u>", "</U>", "<b>", "</i>", "<span>", ">", "<", " ", "  ", "\t",
                      "\u{00A0}", "\u{0301}", "e\u{0301}", "retina", "Macula", "é", "\u{2014}", "x",
                      "#", "##", "(", ")", ".", "1", "12", "123", "1234", "0", "'", "`", "*", "-->", "\u{200D}"]
        var random = SeededRandom(seed: 0x5EED_1234)
        func next(_ bound: Int) -> Int { random.next(below: bound) }
        // Decided past the first eight bytes: a long '#' run ending in a combining mark or a letter.
        for line in ["#########\u{0301}x", "#########x", "##########", "(12) x\u{0301}", "123.\u{00A0}x",
                     "\u{2022}5 mg", "\u{2022}\u{0301} x", "\u{2013}\u{0301} x", "\u{2013}x", "\u{2018}-", "\u{2019}x", "\u{2019}-\u{0301}",
                     "\u{2022}", "\u{2013} ", "\u{2018}", "\u{2022} 1234567\u{0301}"] {
            #expect(InfoParser.classify(line) == InfoParser.classifyMarker(line), "\(line.debugDescription)")
        }
        for _ in 0..<20_000 {
            let line = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(InfoParser.classify(line) == InfoParser.classifyMarker(line), "\(line.debugDescription)")
            for start in [TextStyle(), .bold, [.italic, .underline]] {
                var fast = start, full = start
                #expect(InfoParser.inline(line, style: &fast) == InfoParser.scanInline(line, style: &full), "\(line.debugDescription)")
                #expect(fast == full)
            }
        }
    }

    /// Cells read on bytes (``InfoParser/lineOnBytes(_:_:)``) give the blocks the character-wise rules
    /// give line by line, on seeded cells of several lines built from markers, tags, spaces, non-breaking
    /// spaces, combining marks, digits and words.
    @Test func linesReadOnBytesGiveTheCharacterWiseBlocks() {
        let pieces = ["-", "- ", "-  ", "--> ", "'- ", "`-", "\u{2022} ", "## ", "# ", "#", "* ", "*", "1. ", "2)", "(3) ", "1.5",
                      "-6", "123", "1234", "(", ")", ".", "<b>", "</b>", "<i>", " ", "  ", "\t", "\u{00A0}", "\u{0301}",
                      "e\u{0301}", "retina", "é", "x", "\n", "\r\n", "\r", "\n\n", "##########", "#######\u{0301}"]
        forEachSeededCell(of: pieces, upTo: 12, seed: 0x5EED_B17E) { cell in
            var style: TextStyle = []
            var expected: [InfoBlock] = []
            for line in InfoParser.lines(of: cell) { InfoParser.addBlock(of: line, style: &style, to: &expected) }
            #expect(InfoParser.blocks(from: cell) == expected, "\(cell.debugDescription)")
        }
    }

    /// Header cells read on bytes give the lines the character-wise rules give line by line, on seeded
    /// cells built from `#` marks, spaces, non-breaking spaces, combining marks, tags and words.
    @Test func headerLinesReadOnBytesGiveTheCharacterWiseLines() {
        let pieces = ["#", "##", "# ", " ", "\t", "\u{00A0}", "\u{0301}", "e\u{0301}", "é", "Due to X", "x", "<b>", "</b>", "<i>",
                      "-->", "\n", "\r\n", "\r", "1.", "- "]
        forEachSeededCell(of: pieces, upTo: 10, seed: 0x5EED_4EAD) { cell in
            var style: TextStyle = []
            var expected: [RichLine] = []
            for line in InfoParser.lines(of: cell) { InfoParser.addHeaderLine(of: line, style: &style, to: &expected) }
            #expect(InfoParser.headerLines(from: cell) == expected, "\(cell.debugDescription)")
        }
    }

    /// Calls `body` with 20,000 cells, each 1 to `limit` of `pieces` picked with `seed`.
    private func forEachSeededCell(of pieces: [String], upTo limit: Int, seed: UInt64, _ body: (String) -> Void) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<20_000 {
            body((0..<(1 + random.next(below: limit))).map { _ in pieces[random.next(below: pieces.count)] }.joined())
        }
    }
}
