@testable import Deck
import Diagnostics
import Testing
import TestSupport

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

    @Test("UTF-16 of every UTF-8 length, both byte orders, matches the standard library; lone surrogates become U+FFFD")
    func utf16TranscodesEveryScalarLength() {
        let text = "a\u{7F}é\u{7FF}\u{800}€\u{FFFF}👁\u{10FFFF}\tend"
        let units = Array(text.utf16)
        let little = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(DeckDecoder.decode(little[...], as: .utf16LE) == text)
        #expect(DeckDecoder.decode(big[...], as: .utf16BE) == text)
        #expect(DeckDecoder.decode([0xFF, 0xFE] + little).text == text)
        // A high surrogate without its low half, a low half alone, a high surrogate at the very end.
        let broken: [UInt16] = [0x61, 0xD83D, 0x62, 0xDC41, 0x63, 0xD83D]
        let bytes = broken.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(DeckDecoder.decode(bytes[...], as: .utf16LE) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(DeckDecoder.decode([UInt8]()[...], as: .utf16LE) == "")
    }

    /// The four-units-at-a-time ASCII path hands over to the scalar one at every offset: seeded
    /// texts of ASCII runs, other scalars and lone surrogates, in both byte orders, against the
    /// standard library.
    @Test func asciiRunsAndOtherUnitsMixAtEveryOffset() {
        let pieces: [[UInt16]] = [[0x61], [0x7F], [0x80], [0x0A], [0xE9], [0x2013], [0xD83D, 0xDC41], [0xD800], [0xDC00],
                                  Array("retina ".utf16), Array("Macula\t".utf16), [0x00FF], [0xFF00], [0x0100]]
        var random = SeededRandom(seed: 0xDECC_0DE5)
        func next(_ bound: Int) -> Int { random.next(below: bound) }
        for _ in 0..<3_000 {
            let units = (0..<next(12)).flatMap { _ in pieces[next(pieces.count)] }
            let expected = String(decoding: units, as: UTF16.self)
            let little = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let big = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            #expect(Array(DeckDecoder.decode(little[...], as: .utf16LE).utf8) == Array(expected.utf8), "\(units)")
            #expect(Array(DeckDecoder.decode(big[...], as: .utf16BE).utf8) == Array(expected.utf8), "\(units)")
            // Not aligned to the array's start: the slice begins one unit in.
            if !units.isEmpty {
                #expect(Array(DeckDecoder.decode(little.dropFirst(2), as: .utf16LE).utf8) == Array(String(decoding: units.dropFirst(), as: UTF16.self).utf8))
            }
        }
    }

    /// A large export is transcoded in two halves: the text must be the one-pass text wherever the
    /// middle falls (on a pair, a lone surrogate, an odd trailing byte), in both byte orders.
    @Test func theTwoHalfDecodeEqualsTheOnePassDecode() {
        let pieces: [[UInt16]] = [[0x61], [0xE9], [0x2013], [0xD83D, 0xDC41], [0xD800], [0xDC00], Array("retina ".utf16)]
        var random = SeededRandom(seed: 0x5_1171)
        for _ in 0..<2_000 {
            let units = (0..<(1 + random.next(below: 10))).flatMap { _ in pieces[random.next(below: pieces.count)] }
            let odd: [UInt8] = random.next(below: 4) == 0 ? [0x41] : []
            for littleEndian in [true, false] {
                let bytes = units.flatMap { littleEndian ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + odd
                let onePass = DeckDecoder.utf16ToString(bytes[...], littleEndian: littleEndian, splittingAbove: .max)
                let halves = DeckDecoder.utf16ToString(bytes[...], littleEndian: littleEndian, splittingAbove: 0)
                #expect(Array(halves.utf8) == Array(onePass.utf8), "\(units) \(littleEndian)")
            }
        }
    }

    @Test("Bytes that do not decode are reported once, naming the encoding; clean text is not")
    func undecodableBytesAreReported() throws {
        let text = DeckFixture.rows([["", "Cornea", "Dystrophies", "Fuchs", "", "", "# Genetics", "- Autosomal dominant X"]])
        func utf16LE(_ units: [UInt16]) -> [UInt8] { [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        var units = Array(text.utf16)
        #expect(try DeckFixture(bytes: utf16LE(units)).read().log.warnings.isEmpty)
        units[try #require(units.lastIndex(of: 0x58))] = 0xD83D  // "X" becomes half a surrogate pair
        let broken = utf16LE(units)
        let (deck, log) = try DeckFixture(bytes: broken).read()
        #expect(deck?.cards.first?.sections.first?.info == [.bullet(level: 1, RichLine([TextRun("Autosomal dominant \u{FFFD}")]))])
        #expect(log.warnings.count == 1 && log.warnings[0].message.contains("not valid utf-16le"))
    }

    @Test func macRomanTableMatchesKnownBytes() {
        // 0xD2 0xD3 “ ”, 0xD4 0xD5 ‘ ’, 0x8E é, 0xA1 °, 0xDB €
        let text = DeckDecoder.decode([0xD2, 0xD3, 0xD4, 0xD5, 0x8E, 0xA1, 0xDB], forced: .macRoman).text
        #expect(text == "“”‘’é°€")
    }

    /// Every byte of both code pages decodes to the character its table gives, alone and amid others.
    @Test(arguments: [DeckEncoding.macRoman, .windows1252])
    func everyCodePageByteDecodesToItsCharacter(_ encoding: DeckEncoding) {
        let table = encoding == .macRoman ? LegacyCodePages.macRoman : LegacyCodePages.windows1252
        var expected = String.UnicodeScalarView()
        for byte in UInt8.min...UInt8.max {
            let value = byte < 0x80 ? UInt16(byte) : table[Int(byte) - 0x80]
            let character = Unicode.Scalar(value) ?? "\u{FFFD}"
            expected.append(character)
            #expect(DeckDecoder.decode([byte], forced: encoding).text.unicodeScalars.elementsEqual([character]))
        }
        #expect(DeckDecoder.decode(Array(UInt8.min...UInt8.max), forced: encoding).text == String(expected))
    }

    @Test func encodingNamesParse() {
        #expect(DeckEncoding(name: "UTF-16LE") == .utf16LE)
        #expect(DeckEncoding(name: "mac") == .macRoman)
        #expect(DeckEncoding(name: "cp1252") == .windows1252)
        #expect(DeckEncoding(name: "ebcdic") == nil)
    }
}
