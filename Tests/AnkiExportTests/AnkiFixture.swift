import AnkiExport
import Foundation
import SiteBuilder
import Testing
import TestSupport

/// Small content folders for the export tests, in unique temporary folders removed by ``remove()``.
struct AnkiFixture {
    let root: URL

    /// A deck of two topics: three cards with sections (one with two images, one with markup), one without sections.
    static let deck = """
    Category\tTopic\tSubtopic\tImage\tImage Caption\tHeader 1\tInfo1\tHeader2\tInfo2
    Retina\tVascular\tCRAO\tcrao.png, sub/fundus.png\tCherry-red spot*Normal fundus\t# Signs?\t"- Cherry-red spot
    - Box-carring"\t# Cause?\tEmbolus <b>from carotid</b>
    Retina\tVascular\tCRVO\tnil\tnil\t# Signs?\t"1. Blood & thunder
    2. Disc swelling"\tnil\tnil
    Retina\tMacula\tAMD\tnil\tnil\t# Types?\t"* Dry <i>and</i> wet"\t# Risk?\tSmoking
    Retina\tMacula\tEmpty\tnil\tnil\tnil\tnil\tnil\tnil

    """

    /// Writes `deck` (and images) into a new content folder.
    init(deck: String = AnkiFixture.deck, settings: String = "title: Eye Deck\n") throws {
        root = try TemporaryFolder.make("anki")
        let images = root.appendingPathComponent("deck/images/sub")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data(deck.utf8).write(to: root.appendingPathComponent("deck/deck.tsv"))
        try Data("PNG-crao".utf8).write(to: root.appendingPathComponent("deck/images/crao.png"))
        try Data("PNG-fundus".utf8).write(to: images.appendingPathComponent("fundus.png"))
        try Data(settings.utf8).write(to: root.appendingPathComponent("loupe.yml"))
    }

    var content: URL { root }
    func file(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Exports into `name` under the fixture folder.
    func export(_ name: String = "deck.apkg", format: AnkiExportFormat = .apkg, timestamp: Int64 = 1_700_000_000,
                previous: URL? = nil) -> AnkiExportReport {
        AnkiExporter.export(AnkiExportOptions(content: content, output: file(name), format: format, timestamp: timestamp, previous: previous))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The package root, for Templates/.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/data/deck` beside the package, when present.
    static var realDeck: URL? { SharedData.folder("deck") }
}
