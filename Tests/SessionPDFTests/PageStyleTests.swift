import Testing
@testable import SessionPDF

@Suite struct PageStyleTests {
    @Test func footerTextCannotLeaveItsCSSString() {
        #expect(PageStyle.cssString(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(PageStyle.cssString("x\ny") == "\"x\\a y\"")
        #expect(PageStyle.cssString("Ωμέγα · é") == "\"Ωμέγα · é\"")
    }

    @Test func pageSizeAndFooterFollowThePaperAndDocument() {
        let a4 = PageStyle(paper: .a4, documentID: "s-1", generator: "Loupe 9").css
        #expect(a4.contains("size: A4 portrait"))
        #expect(a4.contains(#"content: "s-1 · Loupe 9""#))
        #expect(a4.contains(#""Page " counter(page) " of " counter(pages)"#))
        #expect(PageStyle(paper: .letter, documentID: "s-1", generator: "Loupe 9").css.contains("size: letter portrait"))
    }

    @Test func paperNames() {
        #expect(DocumentPaper(named: " A4 ") == .a4)
        #expect(DocumentPaper(named: "Letter") == .letter)
        #expect(DocumentPaper(named: "a3") == nil)
    }
}
