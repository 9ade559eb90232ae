import ArgumentParser
import Foundation
import LoupeKit

/// `loupe export …`: the deck in other programs' formats.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the deck for other study programs.",
        subcommands: [AnkiExportCommand.self])
}

/// `loupe export anki`: an Anki package (.apkg) or Anki's text import format.
struct AnkiExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anki",
        abstract: "Write the deck as an Anki package (.apkg) or an Anki text file (.txt).",
        discussion: """
        One note per card (GUID = the card id, so importing a newer export updates notes instead of \
        duplicating them), one Anki card per section, decks Deck::Category::Topic, tags from category \
        and topic, images as media (.apkg only). Notes unchanged since the package already at --out \
        (or --previous) keep their modification time. See docs/anki.md.
        """)

    @Option(help: "The content folder.")
    var content: String = "content"

    @Option(help: "The file to write.")
    var out: String = "deck.apkg"

    @Option(help: "apkg (Anki package with media) or txt (Anki's tab-separated text import format).")
    var format: String = "apkg"

    @Option(help: "Force the deck files' encoding: utf-8, utf-16le, utf-16be, macroman, windows-1252.")
    var deckEncoding: String?

    @Option(help: "Seconds since 1970 for the modification time of changed notes (default: SOURCE_DATE_EPOCH, else the newest deck file's time).")
    var timestamp: Int64?

    @Option(help: "An earlier .apkg whose unchanged notes keep their modification time (default: the file at --out).")
    var previous: String?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if AnkiExportFormat(rawValue: format) == nil { throw ValidationError("unknown --format '\(format)'; use apkg or txt") }
        if let deckEncoding, DeckEncoding(name: deckEncoding) == nil {
            throw ValidationError("unknown --deck-encoding '\(deckEncoding)'; use utf-8, utf-16le, utf-16be, macroman or windows-1252")
        }
        if out.isEmpty || out.hasSuffix("/") { throw ValidationError("--out must name a file") }
        if let timestamp, timestamp < 0 { throw ValidationError("--timestamp must be 0 or more") }
    }

    func run() throws {
        let options = AnkiExportOptions(content: URL(fileURLWithPath: content), output: URL(fileURLWithPath: out),
                                        format: AnkiExportFormat(rawValue: format) ?? .apkg,
                                        deckEncoding: deckEncoding.flatMap(DeckEncoding.init(name:)),
                                        timestamp: timestamp, previous: previous.map { URL(fileURLWithPath: $0) })
        let report = Loupe.exportAnki(options)
        var text = ""
        for diagnostic in Loupe.sorted(report.diagnostics) where !quiet || diagnostic.severity == .error {
            text += diagnostic.description + "\n"
        }
        if report.succeeded && !quiet {
            text += "wrote \(report.noteCount) notes, \(report.cardCount) cards"
            text += format == "apkg" ? ", \(report.mediaCount) media files to \(out) (\(report.changedCount) notes new or changed)\n" : " to \(out)\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
        if !report.succeeded { throw ExitCode(1) }
    }
}
