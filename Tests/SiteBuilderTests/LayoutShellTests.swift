@testable import SiteBuilder
import Testing

@Suite("Layout shells")
struct LayoutShellTests {
    /// A shell's pieces as text, with the slots shown as `[title]` and `[body]`.
    private static func shown(_ pieces: [LayoutShells.Piece]) -> [String] {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .title: "[title]"
            case .body: "[body]"
            }
        }
    }

    @Test func aRenderedLayoutIsCutAtEveryMarker() {
        let title = LayoutShells.titleMarker, body = LayoutShells.bodyMarker
        let layout = title + "<title>" + title + " · Site ✓</title>\u{E000}not a marker\u{E000}<main>" + body + body + "</main>é" + title
        #expect(Self.shown(LayoutShells.split(layout)) == [
            "", "[title]", "<title>", "[title]", " · Site ✓</title>\u{E000}not a marker\u{E000}<main>", "[body]", "", "[body]",
            "</main>é", "[title]", "",
        ])
        #expect(Self.shown(LayoutShells.split("no markers 👁")) == ["no markers 👁"])
        #expect(Self.shown(LayoutShells.split("")) == [""])
        #expect(Self.shown(LayoutShells.split(String(title.dropLast()))) == [String(title.dropLast())])
    }
}
