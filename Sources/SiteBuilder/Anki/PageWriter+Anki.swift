import AnkiExport
import Deck
import Diagnostics
import Foundation

extension PageWriter {
    /// Where the package lives in the site (linked from the home page).
    static let ankiPackagePath = "deck.apkg"

    /// With `anki: true` in `loupe.yml`: the deck as an Anki package at `deck.apkg`. Notes unchanged
    /// since the package of the previous build keep their modification time.
    func writeAnkiPackage(problems: inout ProblemList) {
        guard content.settings.anki else { return }
        var log = DiagnosticLog()
        var package = AnkiDeck.package(content.deck, title: content.settings.title,
                                       imageFolder: options.content.appendingPathComponent("deck/images"),
                                       timestamp: AnkiExporter.defaultTimestamp(deckFiles: options.deckReader.deckFiles()), log: &log)
        _ = AnkiExporter.keepUnchangedTimes(&package, previous: options.output.appendingPathComponent(Self.ankiPackagePath))
        do {
            try output.write(try AnkiPackageWriter.data(for: package), to: Self.ankiPackagePath)
        } catch let error as AnkiExportError {
            log.error(error.description, at: SourceLocation(path: Self.ankiPackagePath))
        } catch let error as OutputError {
            log.error(error.messageOnly, at: SourceLocation(path: Self.ankiPackagePath))
        } catch {
            log.error("\(error)", at: SourceLocation(path: Self.ankiPackagePath))
        }
        problems.diagnostics += log.all
    }
}
