@testable import Deck
import Diagnostics
import Testing

@Suite("Deck encodings")
struct EncodingTests {
    @Test("Each export encoding decodes to the same card", arguments: [
        ("utf16le-bom.tsv", DeckEncoding.utf16LE), ("utf16be-bom.tsv", .utf16BE), ("utf8-bom.tsv", .utf8),
        ("macroman.tsv", .macRoman), ("windows1252.tsv", .windows1252), ("utf16le-nobom.tsv", .utf16LE),
    ])
    func decodes(file: String, expected: DeckEncoding) throws {
        let bytes = try DeckFixture.fixture(file)
        #expect(DeckDecoder.decode(bytes).encoding == expected)
        let (deck, log) = try DeckFixture(bytes: bytes).read()
        #expect(!log.hasErrors, "\(log.all)")
        let card = try #require(deck?.cards.first)
        #expect(card.title == "Fuchs\u{2019} endothelial")
        #expect(card.slide == "1")
        #expect(card.sections.first?.info == [.bullet(level: 1, RichLine([TextRun("Autosomal dominant")]))])
    }

    @Test func forcedEncodingOverridesDetection() throws {
        let bytes = try DeckFixture.fixture("windows1252.tsv")
        let decoded = DeckDecoder.decode(bytes, forced: .macRoman)
        #expect(decoded.encoding == .macRoman)
        #expect(!decoded.text.contains("Fuchs\u{2019}"))
    }

    @Test func utf8WithoutBOMIsTakenWhenValid() {
        let decoded = DeckDecoder.decode(Array("Category\tβ-blocker 👁\n".utf8))
        #expect(decoded.encoding == .utf8)
        #expect(decoded.text.contains("β-blocker 👁"))
    }

    @Test func macRomanTableMatchesKnownBytes() {
        // 0xD2 0xD3 “ ”, 0xD4 0xD5 ‘ ’, 0x8E é, 0xA1 °, 0xDB €
        let text = DeckDecoder.decode([0xD2, 0xD3, 0xD4, 0xD5, 0x8E, 0xA1, 0xDB], forced: .macRoman).text
        #expect(text == "“”‘’é°€")
    }

    @Test func encodingNamesParse() {
        #expect(DeckEncoding(name: "UTF-16LE") == .utf16LE)
        #expect(DeckEncoding(name: "mac") == .macRoman)
        #expect(DeckEncoding(name: "cp1252") == .windows1252)
        #expect(DeckEncoding(name: "ebcdic") == nil)
    }
}
