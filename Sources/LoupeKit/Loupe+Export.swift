import Foundation

extension Loupe {
    /// `loupe export anki`: the deck of `options.content` as an Anki package or Anki text file at
    /// `options.output`, with every diagnostic and what was written.
    public static func exportAnki(_ options: AnkiExportOptions) -> AnkiExportReport {
        AnkiExporter.export(options)
    }
}
