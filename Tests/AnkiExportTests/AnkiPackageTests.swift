import AnkiExport
import Foundation
import SiteBuilder
import Testing

@Suite("Anki package")
struct AnkiPackageTests {
    @Test("one note per card with sections, one Anki card per section, fields, GUIDs, tags, decks")
    func notesAndCards() throws {
        let fixture = try AnkiFixture()
        defer { fixture.remove() }
        let report = fixture.export()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.diagnostics.contains { $0.message.contains("'Empty' has no Header/Info sections") })
        let package = try AnkiPackageReader.read(fixture.file("deck.apkg"))
        #expect(package.notes.count == 3)
        #expect(package.cards.count == 5)
        #expect(report.noteCount == 3 && report.cardCount == 5 && report.mediaCount == 2)
        let byGUID = Dictionary(uniqueKeysWithValues: package.notes.map { ($0.guid, $0) })
        #expect(Set(byGUID.keys) == ["retina/vascular/crao", "retina/vascular/crvo", "retina/macula/amd"])

        let crao = try #require(byGUID["retina/vascular/crao"])
        // Subtopic, Category, Topic, Images, then Question/Answer per section (two sections in this deck).
        #expect(crao.fields.count == 8)
        #expect(Array(crao.fields[0...2]) == ["CRAO", "Retina", "Vascular"])
        #expect(crao.fields[4] == "Signs?")
        #expect(crao.fields[5] == "<ul>\n<li>Cherry-red spot</li>\n<li>Box-carring</li>\n</ul>")
        #expect(crao.fields[6] == "Cause?")
        #expect(crao.fields[7] == "<p>Embolus <strong>from carotid</strong></p>")
        #expect(crao.tags == " retina retina::vascular ")
        #expect(crao.fields[3].contains("<img src=\"crao.png\" alt=\"Cherry-red spot\">"))
        #expect(crao.fields[3].contains("<img src=\"sub_fundus.png\" alt=\"Normal fundus\">"))

        let crvo = try #require(byGUID["retina/vascular/crvo"])
        #expect(crvo.fields[5] == "<ol>\n<li>Blood &amp; thunder</li>\n<li>Disc swelling</li>\n</ol>")
        #expect(crvo.fields[6] == "" && crvo.fields[7] == "")
        let amd = try #require(byGUID["retina/macula/amd"])
        #expect(amd.fields[5] == "<p class=\"mnemonic\">Dry <em>and</em> wet</p>")

        // Cards: CRAO and AMD have two (ordinals 0 and 1), CRVO one; each in its topic's deck.
        let ordinals = Dictionary(grouping: package.cards, by: \.noteID).mapValues { $0.map(\.ordinal).sorted() }
        #expect(ordinals[crao.id] == [0, 1] && ordinals[crvo.id] == [0] && ordinals[amd.id] == [0, 1])
        let decks = try #require(try JSONSerialization.jsonObject(with: Data(package.decksJSON.utf8)) as? [String: [String: Any]])
        let names = Dictionary(uniqueKeysWithValues: decks.values.compactMap { deck in
            (deck["id"] as? Int64).flatMap { id in (deck["name"] as? String).map { (id, $0) } }
        })
        #expect(Set(names.values) == ["Default", "Eye Deck", "Eye Deck::Retina", "Eye Deck::Retina::Vascular", "Eye Deck::Retina::Macula"])
        for card in package.cards {
            let note = try #require(package.notes.first { $0.id == card.noteID })
            #expect(names[card.deckID] == "Eye Deck::Retina::" + note.fields[2])
        }

        // The note type: the fields named in the issue, one template per section.
        let models = try #require(try JSONSerialization.jsonObject(with: Data(package.modelsJSON.utf8)) as? [String: [String: Any]])
        let model = try #require(models.values.first)
        let fields = try #require(model["flds"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(fields == ["Subtopic", "Category", "Topic", "Images", "Question 1", "Answer 1", "Question 2", "Answer 2"])
        let templates = try #require(model["tmpls"] as? [[String: Any]])
        #expect(templates.count == 2)
        #expect((templates[1]["qfmt"] as? String)?.contains("{{Question 2}}") == true)
        #expect((templates[1]["afmt"] as? String)?.contains("{{Answer 2}}") == true)
        #expect(package.notes.allSatisfy { String($0.modelID) == models.keys.first })

        // Media: the map names the files, the numbered entries hold their bytes.
        #expect(package.media == ["0": "crao.png", "1": "sub_fundus.png"])
        #expect(package.mediaData["0"] == Data("PNG-crao".utf8))
        #expect(package.mediaData["1"] == Data("PNG-fundus".utf8))
    }

    @Test("user text is escaped: a deck cell can never become markup in Anki")
    func escaping() throws {
        let deck = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\nC\tT\t<script>x</script>\t# a <img src=x onerror=y>?\t<a href=\"j\">z</a> & more\n"
        let fixture = try AnkiFixture(deck: deck)
        defer { fixture.remove() }
        #expect(fixture.export().succeeded)
        let note = try #require(try AnkiPackageReader.read(fixture.file("deck.apkg")).notes.first)
        #expect(note.fields[0] == "&lt;script&gt;x&lt;/script&gt;")
        #expect(!note.fields.joined().contains("<script") && !note.fields.joined().contains("<img src=x") && !note.fields.joined().contains("<a href"))
    }

    @Test("two exports of the same deck are byte-identical, ids included")
    func byteIdentical() async throws {
        let fixture = try AnkiFixture()
        defer { fixture.remove() }
        #expect(fixture.export("a.apkg").succeeded)
        // Later by more than the zip format's two-second resolution: no wall-clock time may leak into the bytes.
        try await Task.sleep(for: .milliseconds(2100))
        #expect(fixture.export("b.apkg").succeeded)
        let a = try #require(FileManager.default.contents(atPath: fixture.file("a.apkg").path))
        let b = try #require(FileManager.default.contents(atPath: fixture.file("b.apkg").path))
        #expect(a == b)
        // A re-export over the first one (which it reads as the previous package) is the same too.
        #expect(fixture.export("a.apkg", timestamp: 1_800_000_000).succeeded)
        #expect(FileManager.default.contents(atPath: fixture.file("a.apkg").path) == a)
    }

    @Test("editing one cell changes only that note; its time moves on, the others keep theirs")
    func oneCellEdit() throws {
        let fixture = try AnkiFixture()
        defer { fixture.remove() }
        #expect(fixture.export("first.apkg").succeeded)
        try Data(AnkiFixture.deck.replacingOccurrences(of: "Smoking", with: "Smoking, age").utf8).write(to: fixture.file("deck/deck.tsv"))
        let report = fixture.export("second.apkg", timestamp: 1_700_000_500, previous: fixture.file("first.apkg"))
        #expect(report.changedCount == 1)
        let first = try AnkiPackageReader.read(fixture.file("first.apkg"))
        let second = try AnkiPackageReader.read(fixture.file("second.apkg"))
        #expect(first.notes.map(\.id) == second.notes.map(\.id))
        #expect(first.cards == second.cards)
        let changed = zip(first.notes, second.notes).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1.guid == "retina/macula/amd")
        #expect(changed.first?.1.modified == 1_700_000_500)
        #expect(changed.first?.1.fields[7] == "<p>Smoking, age</p>")
        #expect(second.notes.filter { $0.guid != "retina/macula/amd" }.allSatisfy { $0.modified == 1_700_000_000 })
    }

    @Test("a new section column gives a new note type, and every note counts as changed")
    func newShape() throws {
        let fixture = try AnkiFixture()
        defer { fixture.remove() }
        #expect(fixture.export("first.apkg").succeeded)
        let wider = AnkiFixture.deck.replacingOccurrences(of: "Info2\n", with: "Info2\tHeader3\tInfo3\n")
            .replacingOccurrences(of: "# Risk?\tSmoking", with: "# Risk?\tSmoking\t# Treatment?\tAnti-VEGF")
        try Data(wider.utf8).write(to: fixture.file("deck/deck.tsv"))
        let report = fixture.export("second.apkg", timestamp: 1_700_000_500, previous: fixture.file("first.apkg"))
        #expect(report.changedCount == 3)
        let first = try AnkiPackageReader.read(fixture.file("first.apkg"))
        let second = try AnkiPackageReader.read(fixture.file("second.apkg"))
        #expect(first.notes.first?.modelID != second.notes.first?.modelID)
        #expect(second.cards.count == 6)
    }
}
