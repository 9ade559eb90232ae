import Testing
import TestSupport
@testable import SearchIndex

@Suite("Normalising and tokenising")
struct SearchTextTests {
    @Test("Case and diacritics fold", arguments: [
        ("Bléphàritis", "blepharitis"), ("ÉCOLE", "ecole"), ("Ångström", "angstrom"),
        ("naïve", "naive"), ("ΟΦΘΑΛΜΌΣ", "οφθαλμοσ"), ("Sjögren", "sjogren"), ("MiXeD", "mixed"),
    ])
    func folds(_ pair: (String, String)) {
        #expect(SearchText.normalize(pair.0) == pair.1)
    }

    /// The byte-level start of ``SearchText/forEachTerm(in:_:)`` hands over to the scalar path at the
    /// first non-ASCII byte: on any text both must give the same terms as the scalar path alone.
    @Test func theASCIIStartAgreesWithTheScalarPath() {
        var random = SeededRandom(seed: 0x5EED_2026)
        func next(_ bound: Int) -> Int { random.next(below: bound) }
        let pieces = ["eye", "Retina", "OPTIC", "2", "x9", " ", "  ", "-", ",", "→", "é", "Sjö", "gren", "ΟΦΘ", "網膜", "👁️", "👍🏽",
                      "\u{301}", "\t", "\n", "ς", "·", "–", "“", "\u{00A0}", "\u{200D}", "Ⅻ", "½", "MiXeD", "𝐀", "\u{FE0F}", "©", String(repeating: "a", count: 47), String(repeating: "b", count: 49), "&", "<b>"]
        for _ in 0..<3_000 {
            let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            var scalarPath: [String] = []
            SearchText.forEachUnicodeTerm(in: text.unicodeScalars[...]) { scalarPath.append($0) }
            #expect(SearchText.terms(in: text) == scalarPath, "\(text.debugDescription)")
        }
    }

    @Test func punctuationAndMarkersSplitWords() {
        #expect(SearchText.terms(in: "Female>male (2:1) → anti-VEGF; <b>bold</b>")
            == ["female", "male", "2", "1", "anti", "vegf", "b", "bold", "b"])
        #expect(SearchText.terms(in: "* Mnemonic: “SOAP”… ‘- done").contains("soap"))
        #expect(SearchText.terms(in: "!!! ... ??? ---").isEmpty)
    }

    @Test func greekWordsStayWhole() {
        #expect(SearchText.terms(in: "Ο οφθαλμός (ΟΦΘΑΛΜΟΣ)") == ["ο", "οφθαλμοσ", "οφθαλμοσ"])
    }

    @Test func cjkIsIndexedByCharacter() {
        #expect(SearchText.terms(in: "網膜剥離とretina") == ["網", "膜", "剥", "離", "と", "retina"])
        #expect(SearchText.terms(in: "𠀋x") == ["𠀋", "x"])
    }

    @Test func koreanKeepsSyllablesAndWords() {
        #expect(SearchText.terms(in: "녹내장 검사") == ["녹내장", "검사"])
    }

    @Test func emojiAreWordsOfTheirOwn() {
        #expect(SearchText.terms(in: "👁️eye 🧿 👍🏽 #1 *") == ["👁", "eye", "🧿", "👍", "1"])
        #expect(SearchText.terms(in: "👨‍👩‍👧") == ["👨", "👩", "👧"])
    }

    @Test func overlongWordsAreSkipped() {
        let long = String(repeating: "a", count: SearchText.maximumTermLength + 1)
        #expect(SearchText.terms(in: "short \(long) word") == ["short", "word"])
        #expect(SearchText.terms(in: String(repeating: "x", count: SearchText.maximumTermLength)).count == 1)
    }

    @Test func hostileTextDoesNotThrowOrHang() {
        let noise = String(repeating: "\u{0301}\u{200D}\u{FE0F}\u{0000}\u{FFFF}<>&", count: 2_000)
        _ = SearchText.terms(in: noise)
        #expect(SearchText.terms(in: "\u{0301}a\u{0301}") == ["a"])
    }

    @Test func termsSortLikeJavaScript() {
        // U+FF5E (BMP) sorts after a surrogate pair in UTF-16, unlike in Unicode scalar order.
        #expect(SearchText.precedes("😀", "～"))
        #expect(!SearchText.precedes("～", "😀"))
        #expect(SearchText.precedes("ab", "abc"))
    }
}
