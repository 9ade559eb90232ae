import AnkiExport
import Foundation
import SiteBuilder
import Testing

@Suite("Anki text format")
struct AnkiTextTests {
    @Test("headers name the separator, HTML, GUID, deck and tags columns; cells are quoted when needed")
    func text() throws {
        let fixture = try AnkiFixture()
        defer { fixture.remove() }
        let report = fixture.export("deck.txt", format: .txt)
        #expect(report.succeeded)
        let text = try String(contentsOf: fixture.file("deck.txt"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        #expect(Array(lines[0...1]) == ["#separator:tab", "#html:true"])
        #expect(lines.contains("#notetype:Loupe: Eye Deck"))
        #expect(lines.contains("#guid column:1"))
        #expect(lines.contains("#deck column:2"))
        #expect(lines.contains("#tags column:11"))
        #expect(lines.contains("#columns:GUID\tDeck\tSubtopic\tCategory\tTopic\tImages\tQuestion 1\tAnswer 1\tQuestion 2\tAnswer 2\tTags"))
        #expect(text.contains("retina/vascular/crvo\tEye Deck::Retina::Vascular\tCRVO\tRetina\tVascular\t\tSigns?\t\"<ol>\n<li>Blood &amp; thunder</li>\n<li>Disc swelling</li>\n</ol>\"\t\t\tretina retina::vascular\n"))
        #expect(text.contains("\"<figure class=\"\"loupe-image\"\"><img src=\"\"crao.png\"\""))
        #expect(!text.contains("'Empty'") && !text.contains("retina/macula/empty"))
    }
}
