import AnkiExport
import Deck
import Diagnostics
import Foundation
import SiteBuilder
import Testing

@Suite("Anki export of the real deck", .enabled(if: AnkiFixture.realDeck != nil, "../shared/data/deck is absent: the real-deck Anki tests are skipped"))
struct AnkiRealDeckTests {
    /// A content folder holding a copy of the real deck export.
    static func copy() throws -> AnkiFixture {
        let fixture = try AnkiFixture()
        let source = try #require(AnkiFixture.realDeck)
        try FileManager.default.removeItem(at: fixture.file("deck/deck.tsv"))
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".tsv") || name.hasSuffix(".txt") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: fixture.file("deck/" + name))
        }
        return fixture
    }

    @Test("exports one note per card, one Anki card per section, GUIDs = card ids; an edited cell changes only its note")
    func realDeck() throws {
        let fixture = try Self.copy()
        defer { fixture.remove() }
        var log = DiagnosticLog()
        let deck = try #require(DeckReader(deckDirectory: fixture.file("deck"), displayDirectory: "deck").read(log: &log))
        let withSections = deck.cards.filter { !$0.sections.isEmpty }

        let report = fixture.export("first.apkg")
        #expect(report.succeeded, "\(report.diagnostics.filter { $0.severity == .error })")
        let first = try AnkiPackageReader.read(fixture.file("first.apkg"))
        #expect(first.notes.count == withSections.count)
        #expect(first.notes.count > 100)
        #expect(first.cards.count == withSections.reduce(0) { $0 + $1.sections.count })
        #expect(Set(first.notes.map(\.guid)) == Set(withSections.map(\.id)))
        #expect(Set(first.notes.map(\.id)).count == first.notes.count)

        #expect(fixture.export("again.apkg").succeeded)
        #expect(FileManager.default.contents(atPath: fixture.file("again.apkg").path) == FileManager.default.contents(atPath: fixture.file("first.apkg").path))

        // Edit one cell of the export (Mac OS Roman bytes; the text edited is ASCII) and export again.
        let deckFile = try #require(try FileManager.default.contentsOfDirectory(atPath: fixture.file("deck").path).first { $0.hasSuffix(".tsv") })
        var bytes = try #require(FileManager.default.contents(atPath: fixture.file("deck/" + deckFile).path))
        let range = try #require(bytes.range(of: Data("Female>male (2:1)".utf8)))
        bytes.replaceSubrange(range, with: Data("Female>male (3:1)".utf8))
        try bytes.write(to: fixture.file("deck/" + deckFile))
        let second = fixture.export("second.apkg", timestamp: 1_700_000_100, previous: fixture.file("first.apkg"))
        #expect(second.changedCount == 1)
        let after = try AnkiPackageReader.read(fixture.file("second.apkg"))
        let changed = zip(first.notes, after.notes).filter { $0 != $1 }.map(\.1)
        #expect(changed.count == 1)
        #expect(changed.first?.guid.hasSuffix("morning-glory-anomaly") == true)
        #expect(changed.first?.fields.joined().contains("Female&gt;male (3:1)") == true)
        #expect(first.cards == after.cards)
    }
}
