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
    /// Sections parsed by an earlier read, kept by a long-lived caller (`loupe serve`); `nil`: none.
    public var memo: SectionMemo?
    /// Sections an earlier build kept (`loupe build` keeps them in the site); `nil`: none.
    public var chunks: (any SectionChunkStore)?
    /// Exports over this size are streamed (``DeckFileReader``).
    var streamingAbove = DeckFileReader.streamingAbove

    /// Creates a reader for `deckDirectory`.
    public init(deckDirectory: URL, displayDirectory: String, forcedEncoding: DeckEncoding? = nil) {
        self.deckDirectory = deckDirectory
        self.displayDirectory = displayDirectory
        self.forcedEncoding = forcedEncoding
    }

    /// The content folder holding `deck/`: links must stay inside it (see ``ContentFolder``).
    var contentFolder: ContentFolder { ContentFolder(root: deckDirectory.deletingLastPathComponent()) }

    /// The deck files (`*.tsv`, `*.txt`) in name order.
    public func deckFiles() -> [URL] {
        var ignored = DiagnosticLog()
        return deckFiles(log: &ignored)
    }

    /// Whether a file named `name` in `deck/` is an export the deck is read from: `*.tsv` or `*.txt`, in any case.
    public static func isExportName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".tsv") || lower.hasSuffix(".txt")
    }

    /// The deck files (`*.tsv`, `*.txt`) in name order; refused links are reported on `log`.
    func deckFiles(log: inout DiagnosticLog) -> [URL] {
        contentFolder.entries(of: deckDirectory, display: displayDirectory, log: &log).filter { entry in
            !entry.isDirectory && Self.isExportName(entry.name)
        }.map(\.url)
    }

    /// Reads every deck file; problems go to `log`. Returns `nil` when there is no usable deck.
    public func read(log: inout DiagnosticLog) -> Deck? {
        var reused = 0
        return read(log: &log, reusedSnapshots: &reused)
    }

    /// ``read(log:)``, counting the files read through their previous snapshot in `reusedSnapshots`.
    func read(log: inout DiagnosticLog, reusedSnapshots: inout Int) -> Deck? {
        let location = SourceLocation(path: displayDirectory)
        let folder = contentFolder
        guard folder.isDirectory(deckDirectory) else {
            log.error("no deck folder; put the spreadsheet export (tab-delimited .tsv or .txt) in \(displayDirectory)/", at: location)
            return nil
        }
        let files = deckFiles(log: &log)
        guard !files.isEmpty else {
            log.error("no deck file; export the sheet as tab-delimited text (.tsv or .txt) into this folder", at: location)
            return nil
        }
        let images = ImageFolder(directory: deckDirectory.appendingPathComponent("images"), in: folder,
                                 display: displayDirectory + "/images", log: &log)
        var builder = DeckAssembler()
        memo?.beginRead()
        for file in files {
            let display = displayDirectory + "/" + file.lastPathComponent
            var sheet = DeckSheet(path: display, forcedEncoding: forcedEncoding, memo: memo, chunks: chunks)
            sheet.export = SnapshotSource(url: file, folder: folder)
            let snapshotKey = "deck/" + file.lastPathComponent
            sheet.snapshotKey = snapshotKey
            // An edit build reads only what changed since the previous build's snapshot of the file.
            var rows = chunks?.rowSnapshot(for: snapshotKey).flatMap { $0.withBytes(RowSnapshot.init(decoding:)) }.flatMap { snapshot in
                sheet.cardRows(reusing: snapshot, images: images, log: &log)
            }
            if rows != nil {
                reusedSnapshots += 1
            } else {
                guard let (decoded, byteCount) = DeckFileReader.decode(file, in: folder, display: display, forced: forcedEncoding,
                                                                      log: &log, streamingAbove: streamingAbove)
                else { continue }
                rows = sheet.cardRows(of: decoded, byteCount: byteCount, images: images, log: &log)
            }
            builder.add(rows ?? [], log: &log)
            if sheet.missingImages > 0 {
                log.warning("the deck names \(sheet.missingImages) image(s) but there is no \(displayDirectory)/images/ folder; put the images there (cards are shown without them)",
                            at: SourceLocation(path: display))
            }
        }
        if log.hasErrors { return nil }
        let deck = builder.deck
        if deck.cardCount == 0 {
            log.error("the deck has no cards: every card row needs a Category, a Topic and a Subtopic", at: location)
            return nil
        }
        return deck
    }
}
