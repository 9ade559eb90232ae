@testable import Deck
import Testing

@Suite("Tab-delimited rows")
struct TabularTextTests {
    @Test("Rows end in CRLF, LF or CR", arguments: ["\r\n", "\n", "\r"])
    func lineEndings(ending: String) {
        let (rows, issues) = TabularText.parse("a\tb" + ending + "c\td" + ending)
        #expect(issues.isEmpty)
        #expect(rows.map(\.cells) == [["a", "b"], ["c", "d"]])
        #expect(rows.map(\.line) == [1, 2])
    }

    @Test func quotedCellsSpanLinesAndUnescapeQuotes() {
        let (rows, _) = TabularText.parse("x\t\"line 1\r\nline \"\"2\"\"\tend\"\ty\r\nnext\n")
        #expect(rows.count == 2)
        #expect(rows[0].cells == ["x", "line 1\nline \"2\"\tend", "y"])
        #expect(rows[1].line == 3)
    }

    @Test func unclosedQuoteIsReportedWithItsPosition() {
        let (_, issues) = TabularText.parse("a\tb\nc\t\"open\n")
        #expect(issues.count == 1)
        #expect(issues.first?.line == 2)
        #expect(issues.first?.column == 3)
    }

    @Test func blankLinesAreSkipped() {
        let (rows, _) = TabularText.parse("a\n\n\nb\n")
        #expect(rows.map(\.cells) == [["a"], ["b"]])
        #expect(rows.map(\.line) == [1, 4])
    }
}
