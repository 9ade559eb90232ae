@testable import Deck
import Diagnostics
import Foundation
import Testing
import TestSupport

@Suite("Deck reader")
struct DeckReaderTests {
    @Test func columnsAreFoundByNameWithStraySpacesNilImageAndSlideColumn() throws {
        let text = " \t Category \tTopic\tSubtopic \tnil\tImage Caption\tHeader 1\tInfo1\tHeader2\tInfo2\t\t\t\n"
            + "7\tRetina\tMacula\tDrusen\tnil\tnil\t# What?\t- Yellow deposits\tnil\tnil\t\t\t\n"
        let (deck, log) = try DeckFixture(text).read()
        #expect(!log.hasErrors)
        let card = try #require(deck?.cards.first)
        #expect(card.slide == "7")
        #expect(card.id == "retina/macula/drusen")
        #expect(card.sections.count == 1)
        #expect(card.sections[0].headerText == "What?")
    }

    @Test func columnsInAnyOrder() throws {
        let text = "Info1\tHeader 1\tSubtopic\tTopic\tCategory\n- answer\t# question\tSub\tTop\tCat\n"
        let (deck, log) = try DeckFixture(text).read()
        #expect(!log.hasErrors)
        let card = try #require(deck?.cards.first)
        #expect(card.id == "cat/top/sub")
        #expect(card.sections[0].info == [.bullet(level: 1, RichLine([TextRun("answer")]))])
    }

    @Test func nilAndEmptyCellsNeverShiftPairing() throws {
        let text = DeckFixture.rows([["", "C", "T", "S", "NIL", "", "nil", "nil", "# Second?", "- two"]])
        let (deck, _) = try DeckFixture(text).read()
        let card = try #require(deck?.cards.first)
        #expect(card.sections.count == 1)
        #expect(card.sections[0].number == 2)
        #expect(card.sections[0].headerText == "Second?")
    }

    @Test func fortySectionPairs() throws {
        var header = "Category\tTopic\tSubtopic"
        var row = "C\tT\tS"
        for n in 1...40 { header += "\tHeader \(n)\tInfo\(n)"; row += "\t# Q\(n)\t- A\(n)" }
        let (deck, log) = try DeckFixture(header + "\n" + row + "\n").read()
        #expect(!log.hasErrors)
        let card = try #require(deck?.cards.first)
        #expect(card.sections.count == 40)
        #expect(card.sections.last?.headerText == "Q40")
    }

    @Test func untitledColumnsAfterTheLastPairContinueThePattern() throws {
        let text = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\t\t\t\n" + "C\tT\tS\t# Q1\t- A1\t# Q2\t- A2\t\n"
        let (deck, log) = try DeckFixture(text).read()
        #expect(log.all.isEmpty, "\(log.all)")
        #expect(deck?.cards.first?.sections.map(\.headerText) == ["Q1", "Q2"])
    }

    @Test func categoryOnlyRowIsACategoryNotACard() throws {
        let text = DeckFixture.rows([["", "General", "nil", "nil"], ["", "Retina", "Macula", "Drusen"]])
        let (deck, _) = try DeckFixture(text).read()
        let deckValue = try #require(deck)
        #expect(deckValue.categories.map(\.title) == ["General", "Retina"])
        #expect(deckValue.cardCount == 1)
    }

    @Test func imagesAndCaptionsMatchByPosition() throws {
        let text = DeckFixture.rows([["", "C", "T", "S", "a.jpg , b.png,c.svg", "First * Second*Third"]])
        let (deck, log) = try DeckFixture(text, images: ["a.jpg", "b.png", "c.svg"]).read()
        #expect(log.all.isEmpty)
        let images = try #require(deck?.cards.first?.images)
        #expect(images.map(\.file) == ["a.jpg", "b.png", "c.svg"])
        #expect(images.map(\.caption) == ["First", "Second", "Third"])
    }

    @Test func missingImageAndCaptionMismatchAreWarningsNamingTheRow() throws {
        let text = DeckFixture.rows([["", "C", "T", "S", "a.jpg, gone.jpg", "only one"]])
        let (deck, log) = try DeckFixture(text, images: ["a.jpg"]).read()
        #expect(!log.hasErrors)
        #expect(deck?.cards.first?.images.map(\.file) == ["a.jpg"])
        #expect(log.warnings.count == 2)
        #expect(log.warnings.allSatisfy { $0.location.line == 2 && $0.location.path == "content/deck/deck.tsv" })
        #expect(log.warnings.contains { $0.message.contains("gone.jpg") })
    }

    @Test("Image names cannot leave deck/images", arguments: ["../secret.jpg", "/etc/passwd", "a/../../x.png", "..\\x.png", "C:/x.png", "~/x.png"])
    func hostileImageNames(name: String) throws {
        let text = DeckFixture.rows([["", "C", "T", "S", name]])
        let (deck, log) = try DeckFixture(text).read()
        #expect(deck?.cards.first?.images.isEmpty == true)
        #expect(log.warnings.contains { $0.message.contains("not a file name inside deck/images/") })
    }

    @Test func imageNameMatchingIsCaseInsensitiveAsFallback() throws {
        let text = DeckFixture.rows([["", "C", "T", "S", "Fundus.JPG"]])
        let (deck, _) = try DeckFixture(text, images: ["fundus.jpg"]).read()
        #expect(deck?.cards.first?.images.first?.file == "fundus.jpg")
    }

    @Test func duplicateSubtopicsGetSuffixedIdsAndAWarning() throws {
        let text = DeckFixture.rows([["", "C", "T", "Same"], ["", "C", "T", "Same"], ["", "C", "T", "same!"]])
        let (deck, log) = try DeckFixture(text).read()
        #expect(deck?.cards.map(\.id) == ["c/t/same", "c/t/same-2", "c/t/same-3"])
        #expect(log.warnings.count == 2)
        #expect(log.warnings.map(\.location.line) == [3, 4])
        // Both name the id's first owner, the card on line 2.
        #expect(log.warnings.allSatisfy { $0.message.contains("already used by") && $0.message.contains(":2;") })
    }

    /// Ids are unique in the deck: a suffixed id is taken like any other (a later "Same 2" does not get
    /// `same-2` twice), a topic or category spelled another way with the same slug shares its ids (also
    /// when rows of two categories alternate), and the same subtopic under another topic keeps its plain id.
    @Test func suffixedIdsStayUniqueAcrossSpellingsAndTopics() throws {
        let text = DeckFixture.rows([["", "C", "T", "Same"], ["", "C", "T", "Same"], ["", "C", "T", "Same 2"],
                                     ["", "C", "T!", "Same"], ["", "C", "U", "Same"], ["", "D", "T", "Same"],
                                     ["", "c!", "T", "Same"], ["", "D", "T", "Same"]])
        let (deck, log) = try DeckFixture(text).read()
        #expect(deck?.categories.map(\.title) == ["C", "D"])
        #expect(deck?.cards.map(\.id) == ["c/t/same", "c/t/same-2", "c/t/same-2-2", "c/t/same-3", "c/t/same-4", "c/u/same",
                                          "d/t/same", "d/t/same-2"])
        #expect(log.warnings.map(\.location.line) == [3, 4, 5, 8, 9])
        #expect(log.warnings[2].message.contains("card id 'c/t/same' is already used by") == true)
        #expect(log.warnings[2].message.contains("gets id 'c/t/same-3'") == true)
    }

    /// The slug is made on bytes into a buffer on the stack; it must be the one the definition gives (the
    /// letters and digits lowercased, runs of anything else one dash, `+` spelled, at most 80 bytes
    /// before the loop stops) for random titles of ASCII, accents, other scripts and long runs.
    @Test func slugsAreTheDefinitionsOnRandomTitles() {
        func reference(_ text: String) -> String {
            var source = text
            if !source.utf8.allSatisfy({ $0 < 0x80 }) {
                source = source.applyingTransform(.toLatin, reverse: false) ?? source
                source = source.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            }
            var slug: [UInt8] = []
            var pendingDash = false
            for byte in source.utf8 {
                if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) {
                    if pendingDash && !slug.isEmpty { slug.append(0x2D) }
                    slug.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                    pendingDash = false
                } else if byte == 0x2B {
                    if !slug.isEmpty { slug.append(0x2D) }
                    slug += "plus".utf8
                    pendingDash = true
                } else {
                    pendingDash = true
                }
                if slug.count >= 80 { break }
            }
            return slug.isEmpty ? "untitled" : String(decoding: slug, as: UTF8.self)
        }
        var random = SeededRandom(seed: 18)
        let pieces = ["a", "Z", "7", " ", "-", "+", "é", "Ω", "ß", "👁", "’", "/", ".", "Optic", "DISC", "café", "Αμφι", "\t", "++"]
        var checked = 0
        for round in 0..<3000 {
            let length = round % 10 == 0 ? 30 + random.next(below: 60) : random.next(below: 12)
            let title = (0..<length).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            #expect(Slug.make(title) == reference(title), "\(title)")
            #expect(Slug.isASCII(title) == title.utf8.allSatisfy { $0 < 0x80 })
            checked += 1
        }
        #expect(checked == 3000)
    }

    @Test func idsAreStableSlugs() {
        #expect(Slug.make("Optic Disc Anomalies") == "optic-disc-anomalies")
        #expect(Slug.make("Fuchs’ Endothelial Dystrophy") == "fuchs-endothelial-dystrophy")
        #expect(Slug.make("Café au lait") == "cafe-au-lait")
        #expect(Slug.make("PPV+Gas") == "ppv-plus-gas")
        #expect(Slug.make("Αμφιβληστροειδής") == "amphiblestroeides")
        #expect(Slug.make("👁👁") == "untitled")
        #expect(Slug.make("../../etc") == "etc")
        #expect(Slug.make("+Gas") == "plus-gas")
        #expect(Slug.make("Gas+") == "gas-plus")
        #expect(Slug.make("Stage 2B  (PDR)") == "stage-2b-pdr")
        #expect(Slug.make(String(repeating: "Ab ", count: 60)).count == 80)
    }

    @Test("Slugs equal the scalar-by-scalar definition on random titles")
    func slugsMatchTheirDefinition() {
        /// The definition: after transliteration, keep ASCII letters (lowercased) and digits, join runs
        /// with one dash, spell `+` as `plus`, stop at 80 characters.
        func reference(_ text: String) -> String {
            var source = text
            if !source.utf8.allSatisfy({ $0 < 0x80 }) {
                source = source.applyingTransform(.toLatin, reverse: false) ?? source
                source = source.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            }
            var slug = "", pendingDash = false
            for scalar in source.unicodeScalars {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    if pendingDash && !slug.isEmpty { slug += "-" }
                    slug += scalar.properties.lowercaseMapping
                    pendingDash = false
                } else if scalar == "+" {
                    if !slug.isEmpty { slug += "-" }
                    slug += "plus"
                    pendingDash = true
                } else {
                    pendingDash = true
                }
                if slug.utf8.count >= 80 { break }
            }
            return slug.isEmpty ? "untitled" : slug
        }
        let pieces = ["a", "Z", "q", "0", "9", " ", "+", "-", "/", "_", ".", "é", "Ω", "ß", "目", "👁", "’", "\t", "AB", "Retina", "IOP"]
        var state: UInt64 = 0x5106  // a fixed linear congruential sequence: a failing title can be reproduced
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<3000 {
            let title = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(Slug.make(title) == reference(title), "\(title)")
        }
    }

    @Test func hostileCellsStayLiteralText() throws {
        let text = DeckFixture.rows([["", "C", "T", "<script>alert(1)</script>", "", "",
                                      "# <img src=x onerror=alert(1)>", "- <script>alert(2)</script> & <b>bold</b>"]])
        let (deck, _) = try DeckFixture(text).read()
        let card = try #require(deck?.cards.first)
        #expect(card.title == "<script>alert(1)</script>")
        #expect(card.sections[0].headerText == "<img src=x onerror=alert(1)>")
        #expect(card.sections[0].info == [.bullet(level: 1, RichLine([
            TextRun("<script>alert(2)</script> & "), TextRun("bold", style: .bold)]))])
    }

    @Test func greekEmojiAndHugeCells() throws {
        let huge = String(repeating: "- β-blocker 👁 lowers IOP\n", count: 4_000)  // ≈ 100 KB
        let text = DeckFixture.rows([["", "Φαρμακολογία", "Γλαύκωμα", "β-blockers 👁", "", "", "# Q", "\"" + huge + "\""]])
        let (deck, log) = try DeckFixture(text).read()
        #expect(!log.hasErrors)
        let card = try #require(deck?.cards.first)
        #expect(card.title == "β-blockers 👁")
        #expect(card.sections[0].info.count == 4_000)
        #expect(card.id.allSatisfy { $0.isASCII })
    }

    @Test func missingCategoryBorrowsTheRowAbove() throws {
        let text = DeckFixture.rows([["", "C", "T", "One"], ["", "", "T", "Two"]])
        let (deck, log) = try DeckFixture(text).read()
        #expect(deck?.cards.map(\.id) == ["c/t/one", "c/t/two"])
        #expect(log.warnings.count == 1)
    }

    /// A long deck: a blank Category takes the one given more than a thousand rows above, duplicate
    /// Subtopics are numbered in file order, and every warning names its row, in the rows' order (the
    /// guard for reading rows in parts, which was tried and measured no faster on two cores).
    @Test func aLongDeckBorrowsCategoriesAndNumbersIdsInFileOrder() throws {
        let count = 2600
        let rows: [[String]] = (0..<count).map { index in
            let category = index == 0 ? "Cat A" : index == 1500 ? "Cat B" : ""
            let subtopic = [5, 1030, 1200].contains(index) ? "Same" : "Card \(index)"
            let image = [7, 1025, 2049].contains(index) ? "nope.jpg" : ""
            return ["", category, "T", subtopic, image]
        }
        let (deck, log) = try DeckFixture(DeckFixture.rows(rows), images: ["a.jpg"]).read()
        let cards = try #require(deck?.cards)
        #expect(cards.count == count)
        // Line = index + 2 (the header is line 1). Parts start at 1024 and 2048, far below a Category.
        #expect(cards[1024].id == "cat-a/t/card-1024" && cards[1499].id == "cat-a/t/card-1499")
        #expect(cards[1500].id == "cat-b/t/card-1500" && cards[2048].id == "cat-b/t/card-2048")
        #expect([5, 1030, 1200].map { cards[$0].id } == ["cat-a/t/same", "cat-a/t/same-2", "cat-a/t/same-3"])
        let borrowed = log.warnings.filter { $0.message.hasPrefix("row has no Category") }
        #expect(borrowed.count == count - 2)
        #expect(borrowed.map(\.location.line).elementsEqual((1..<count).filter { $0 != 1500 }.map { $0 + 2 }), "one warning per row, in the rows' order")
        #expect(borrowed.filter { $0.message.contains("'Cat B'") }.count == count - 1501)
        #expect(log.warnings.filter { $0.message.contains("nope.jpg") }.map(\.location.line) == [9, 1027, 2051])
        #expect(log.warnings.filter { $0.message.contains("already used") }.map(\.location.line) == [1032, 1202])
    }

    @Test func noHeaderIsAnError() throws {
        let (deck, log) = try DeckFixture("just\tsome\ttext\n1\t2\t3\n").read()
        #expect(deck == nil)
        #expect(log.errors.first?.message.contains("no recognisable header") == true)
        #expect(log.errors.first?.location.line == 1)
    }

    @Test func missingSubtopicColumnIsNamed() throws {
        let (deck, log) = try DeckFixture("Category\tTopic\tHeader 1\nC\tT\tQ\n").read()
        #expect(deck == nil)
        #expect(log.errors.first?.message.contains("'Subtopic'") == true)
    }

    @Test func noCardsIsAnError() throws {
        let (deck, log) = try DeckFixture(DeckFixture.rows([["", "General", "nil", "nil"]])).read()
        #expect(deck == nil)
        #expect(log.errors.contains { $0.message.contains("no cards") })
    }

    @Test func emptyFileIsAnError() throws {
        let (deck, log) = try DeckFixture(bytes: []).read()
        #expect(deck == nil)
        #expect(log.errors.first?.message.contains("empty") == true)
    }

    @Test func missingDeckFolderIsAnError() {
        var log = DiagnosticLog()
        let reader = DeckReader(deckDirectory: URL(fileURLWithPath: "/nonexistent/deck"), displayDirectory: "content/deck")
        #expect(reader.read(log: &log) == nil)
        #expect(log.errors.first?.location.path == "content/deck")
    }

    @Test(.enabled(if: SharedData.folder("deck") != nil, SharedData.absent("deck")))
    func realExportReadsWithoutErrors() throws {
        let shared = try #require(SharedData.folder("deck"))
        var log = DiagnosticLog()
        let deck = DeckReader(deckDirectory: shared, displayDirectory: "shared/data/deck").read(log: &log)
        #expect(!log.hasErrors, "\(log.errors)")
        #expect(deck?.cardCount == 119)
        #expect(deck?.categories.count == 8)
        #expect(deck?.cards.allSatisfy { !$0.sections.isEmpty } == true)
        #expect(deck.map { Set($0.cards.map(\.id)).count } == 119)
    }

    /// A card shares its fields with its copies until one of them changes.
    @Test func aChangedCopyOfACardLeavesTheOriginal() {
        let original = Card(id: "a/b/c", title: "C", category: "A", topic: "B", sections: [CardSection(header: [], info: [], number: 1)],
                            source: SourceLine(path: "deck.tsv", line: 2))
        var copy = original
        #expect(copy == original)
        copy.title = "D"
        copy.sections.append(CardSection(header: [], info: [], number: 2))
        #expect(original.title == "C" && original.sections.count == 1)
        #expect(copy.title == "D" && copy.sections.count == 2 && copy != original)
        var other = copy
        other.title = "C"
        other.sections.removeLast()
        #expect(other == original)
    }

    /// A reader with a memory (as `loupe serve` keeps) parses again only the rows whose cells changed,
    /// and reads exactly the deck a reader without one reads; a changed header row is honoured.
    @Test func aMemoryGivesTheSameDeck() throws {
        let root = try TemporaryFolder.make("deck-memo")
        defer { TemporaryFolder.remove(root) }
        let folder = root.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("deck.tsv")
        var remembering = DeckReader(deckDirectory: folder, displayDirectory: "content/deck")
        remembering.memo = SectionMemo()
        let plain = DeckReader(deckDirectory: folder, displayDirectory: "content/deck")
        func read(_ reader: DeckReader) -> Deck? {
            var log = DiagnosticLog()
            return reader.read(log: &log)
        }
        let rows = (0..<200).map { ["\($0)", "Retina", "Macula \($0 % 7)", "Card \($0)", "nil", "nil", "# Q \($0)?", "- <b>A</b> \($0)", "Why?", "1. because"] }
        for text in [DeckFixture.rows(rows),
                     DeckFixture.rows(rows.enumerated().map { $0 == 50 ? $1.map { $0 == "# Q 50?" ? "# Changed?" : $0 } : $1 }),
                     // The same cells under swapped Header/Info columns must not reuse the old parse.
                     DeckFixture.rows(rows).replacingOccurrences(of: "Header 1\tInfo1\tHeader2\tInfo2", with: "Header2\tInfo2\tHeader 1\tInfo1")] {
            try Data(text.utf8).write(to: file)
            let expected = read(plain)
            #expect(expected != nil)
            #expect(read(remembering) == expected)
        }
    }
}
