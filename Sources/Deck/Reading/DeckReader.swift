import Diagnostics
import Foundation

/// Reads the deck exports of a content folder into a ``Deck``.
public struct DeckReader: Sendable {
    /// The content folder's `deck/` directory.
    public var deckDirectory: URL
    /// How paths are shown in diagnostics (e.g. `content/deck`).
    public var displayDirectory: String
    /// An encoding to force instead of detecting one.
    public var forcedEncoding: DeckEncoding?

    /// Creates a reader for `deckDirectory`.
    public init(deckDirectory: URL, displayDirectory: String, forcedEncoding: DeckEncoding? = nil) {
        self.deckDirectory = deckDirectory
        self.displayDirectory = displayDirectory
        self.forcedEncoding = forcedEncoding
    }

    /// The deck files (`*.tsv`, `*.txt`) in name order.
    public func deckFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: deckDirectory.path)) ?? []
        return names.filter { name in
            let lower = name.lowercased()
            return !name.hasPrefix(".") && (lower.hasSuffix(".tsv") || lower.hasSuffix(".txt"))
        }.sorted().map { deckDirectory.appendingPathComponent($0) }
    }

    /// Reads every deck file; problems go to `log`. Returns `nil` when there is no usable deck.
    public func read(log: inout DiagnosticLog) -> Deck? {
        let folder = SourceLocation(path: displayDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: deckDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            log.error("no deck folder; put the spreadsheet export (tab-delimited .tsv or .txt) in \(displayDirectory)/", at: folder)
            return nil
        }
        let files = deckFiles()
        guard !files.isEmpty else {
            log.error("no deck file; export the sheet as tab-delimited text (.tsv or .txt) into this folder", at: folder)
            return nil
        }
        let images = ImageFolder(directory: deckDirectory.appendingPathComponent("images"))
        var builder = DeckAssembler()
        for file in files {
            let display = displayDirectory + "/" + file.lastPathComponent
            guard let data = FileManager.default.contents(atPath: file.path) else {
                log.error("cannot read this file; check that it exists and is readable", at: SourceLocation(path: display))
                continue
            }
            var sheet = DeckSheet(bytes: [UInt8](data), path: display, forcedEncoding: forcedEncoding)
            let rows = sheet.cardRows(images: images, log: &log)
            for row in rows { builder.add(row, log: &log) }
            if sheet.missingImages > 0 {
                log.warning("the deck names \(sheet.missingImages) image(s) but there is no \(displayDirectory)/images/ folder; put the images there (cards are shown without them)",
                            at: SourceLocation(path: display))
            }
        }
        if log.hasErrors { return nil }
        let deck = builder.deck
        if deck.cardCount == 0 {
            log.error("the deck has no cards: every card row needs a Category, a Topic and a Subtopic", at: folder)
            return nil
        }
        return deck
    }
}
