@testable import Deck
import Testing
import TestSupport

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

    /// A cell written as it reads is a slice of the text (a deck's cells are not copied one by one);
    /// one whose quotes, doubled quotes or CRs change it is made anew.
    @Test func cellsWrittenAsTheyReadAreSlicesOfTheText() {
        let text = "plain\t\"quoted\nlines\"\t\"dou\"\"ble\"\t\"cr\r\nlf\"\t\"after\"x\n"
        let (rows, issues) = TabularText.parse(text)
        #expect(issues.isEmpty)
        #expect(rows.first?.cells == ["plain", "quoted\nlines", "dou\"ble", "cr\nlf", "afterx"])
        #expect(rows.first?.cells.map { $0.base == text } == [true, true, false, false, false])
    }

    @Test func unclosedQuoteIsReportedWithItsPosition() {
        let (_, issues) = TabularText.parse("a\tb\nc\t\"open\n")
        #expect(issues.count == 1)
        #expect(issues.first?.line == 2)
        #expect(issues.first?.column == 3)
    }

    /// A large export is parsed in two halves from a guessed row start: on seeded texts full of
    /// quoted cells across lines, doubled and unclosed quotes, every line ending and blank lines, the
    /// split parse must equal the one-pass parse, wherever the middle falls.
    @Test func theSplitParseEqualsTheOnePassParse() {
        let pieces = ["a", "retina", "\t", "\t", "\n", "\r\n", "\r", "\"", "\"\"", "\"q\nq\"", "\"x\ty\"z", "\"open\n", "é", "\n\n"]
        var random = SeededRandom(seed: 0x7AB5)
        var split = 0
        for _ in 0..<4_000 {
            let text = (0..<(1 + random.next(below: 40))).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let whole = TabularText.parse(text, splittingAbove: .max)
            let halves = TabularText.parse(text, splittingAbove: 0)
            #expect(halves.rows == whole.rows, "\(text.debugDescription)")
            #expect(halves.issues == whole.issues, "\(text.debugDescription)")
            var copy = text
            if copy.withUTF8({ TabularText.speculativeRowStart(in: $0) }) != nil { split += 1 }
        }
        #expect(split > 1_000)
    }

    /// The word-at-a-time search for delimiters finds the same byte as looking at each byte, on
    /// seeded bytes of every value (UTF-8 lead and continuation bytes, 0x80, the targets' neighbours).
    @Test func theWordSearchFindsTheFirstDelimiter() {
        var random = SeededRandom(seed: 0x5EA2)
        let common: [UInt8] = [0x09, 0x0A, 0x0D, 0x22, 0x21, 0x23, 0x08, 0x0B, 0x80, 0xFF, 0x7F, 0x00, 0xC3, 0xA9, 0x61]
        for _ in 0..<5_000 {
            let bytes = (0..<random.next(below: 40)).map { _ in
                random.next(below: 5) == 0 ? common[random.next(below: common.count)] : UInt8(0x20 + random.next(below: 0x5E))
            }
            bytes.withUnsafeBufferPointer { buffer in
                let parser = TabularText.Parser(bytes: buffer, text: String(decoding: buffer, as: UTF8.self))
                for (a, b, c) in [(UInt8(0x22), UInt8(0x0D), UInt8(0x0A)), (0x09, 0x0D, 0x0A)] {
                    let start = buffer.isEmpty ? 0 : random.next(below: buffer.count)
                    let expected = buffer[start...].firstIndex { $0 == a || $0 == b || $0 == c } ?? buffer.count
                    #expect(parser.firstIndex(from: start, of: a, b, c) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test func blankLinesAreSkipped() {
        let (rows, _) = TabularText.parse("a\n\n\nb\n")
        #expect(rows.map(\.cells) == [["a"], ["b"]])
        #expect(rows.map(\.line) == [1, 4])
    }
}
