import Deck
import Diagnostics
import Foundation
import Testing
import TestSupport

/// Writes a deck into a fresh temporary content folder and reads it back.
struct DeckFixture {
    let root: URL

    init(_ text: String, images: [String] = [], file: String = "deck.tsv") throws {
        try self.init(bytes: Array(text.utf8), images: images, file: file)
    }

    init(bytes: [UInt8], images: [String] = [], file: String = "deck.tsv") throws {
        root = try TemporaryFolder.make("deck")
        let deck = root.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: deck.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data(bytes).write(to: deck.appendingPathComponent(file))
        for image in images {
            let url = deck.appendingPathComponent("images").appendingPathComponent(image)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("img".utf8).write(to: url)
        }
    }

    func read(encoding: DeckEncoding? = nil) -> (deck: Deck?, log: DiagnosticLog) {
        var log = DiagnosticLog()
        let reader = DeckReader(deckDirectory: root.appendingPathComponent("deck"), displayDirectory: "content/deck", forcedEncoding: encoding)
        let deck = reader.read(log: &log)
        try? FileManager.default.removeItem(at: root)
        return (deck, log)
    }

    static let header = "\tCategory\tTopic\tSubtopic\tImage\tImage Caption\tHeader 1\tInfo1\tHeader2\tInfo2\n"

    /// A deck with the standard header and the given data rows (cells joined by tabs).
    static func rows(_ rows: [[String]]) -> String {
        header + rows.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return [UInt8](try Data(contentsOf: url))
    }
}
