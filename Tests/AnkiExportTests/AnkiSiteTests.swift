import AnkiExport
import Foundation
import SiteBuilder
import Testing
import TestSupport

@Suite("Anki package on the site")
struct AnkiSiteTests {
    @Test("anki: true writes deck.apkg and links it from the home page; without it, neither")
    func site() throws {
        let templates = AnkiFixture.packageRoot.appendingPathComponent("Templates")
        // The site goes beside the content folder (a build refuses an output folder inside it).
        let sites = try TemporaryFolder.make("anki-sites")
        defer { try? FileManager.default.removeItem(at: sites) }
        func site(_ name: String, _ path: String = "") -> URL { sites.appendingPathComponent(name).appendingPathComponent(path) }
        let on = try AnkiFixture(settings: "title: Eye Deck\nanki: true\n")
        defer { on.remove() }
        let report = SiteGenerator.build(BuildOptions(content: on.content, templates: templates, output: site("on"), includeSessions: false))
        #expect(report.succeeded, "\(report.diagnostics)")
        let package = try AnkiPackageReader.read(site("on", "deck.apkg"))
        #expect(package.notes.count == 3 && package.cards.count == 5 && package.media.count == 2)
        let home = try String(contentsOf: site("on", "index.html"), encoding: .utf8)
        #expect(home.contains("<a href=\"deck.apkg\" download>Download the deck for Anki</a>"))

        let off = try AnkiFixture()
        defer { off.remove() }
        #expect(SiteGenerator.build(BuildOptions(content: off.content, templates: templates, output: site("off"), includeSessions: false)).succeeded)
        #expect(!FileManager.default.fileExists(atPath: site("off", "deck.apkg").path))
        #expect(try !String(contentsOf: site("off", "index.html"), encoding: .utf8).contains("deck.apkg"))
    }
}
