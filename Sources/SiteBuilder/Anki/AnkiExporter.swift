import AnkiExport
import Deck
import Diagnostics
import Foundation

/// The file formats of `loupe export anki`.
public enum AnkiExportFormat: String, Sendable, CaseIterable {
    /// An Anki package (`.apkg`) with media.
    case apkg
    /// Anki's plain-text import format (tab-separated, HTML fields, GUID/deck/tags columns).
    case txt
}

/// What `loupe export anki` reads and writes.
public struct AnkiExportOptions: Sendable {
    /// The content folder.
    public var content: URL
    /// The file to write.
    public var output: URL
    /// The format.
    public var format: AnkiExportFormat
    /// An encoding to force for deck files.
    public var deckEncoding: DeckEncoding?
    /// Seconds since 1970 to stamp changed notes with; `nil`: `SOURCE_DATE_EPOCH`, else the newest deck file's modification time.
    public var timestamp: Int64?
    /// An earlier package whose unchanged notes keep their modification time; `nil`: the output file, if it is a package.
    public var previous: URL?

    /// Creates options.
    public init(content: URL, output: URL, format: AnkiExportFormat = .apkg, deckEncoding: DeckEncoding? = nil,
                timestamp: Int64? = nil, previous: URL? = nil) {
        self.content = content
        self.output = output
        self.format = format
        self.deckEncoding = deckEncoding
        self.timestamp = timestamp
        self.previous = previous
    }
}

/// The outcome of an export.
public struct AnkiExportReport: Sendable {
    /// Every diagnostic.
    public var diagnostics: [Diagnostic]
    /// Notes written.
    public var noteCount = 0
    /// Anki cards written (one per section).
    public var cardCount = 0
    /// Media files written.
    public var mediaCount = 0
    /// Notes whose content differs from the previous package (all of them when there is none).
    public var changedCount = 0
    /// Whether the file was written (no errors).
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// `loupe export anki`: the deck as an Anki package or Anki text file.
public enum AnkiExporter {
    /// Reads the deck and settings of `options.content` and writes the export.
    public static func export(_ options: AnkiExportOptions) -> AnkiExportReport {
        var log = DiagnosticLog()
        let build = BuildOptions(content: options.content, templates: options.content, output: options.output,
                                 deckEncoding: options.deckEncoding)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.content.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            log.error("content folder not found; pass --content with the folder holding deck/ and loupe.yml",
                      at: SourceLocation(path: options.content.relativePath))
            return AnkiExportReport(diagnostics: log.all)
        }
        let settings = SiteSettings.load(from: options.content.appendingPathComponent("loupe.yml"),
                                         displayPath: build.display("loupe.yml"), log: &log)
        let reader = build.deckReader
        guard let deck = reader.read(log: &log), !log.hasErrors else { return AnkiExportReport(diagnostics: log.all) }
        let timestamp = options.timestamp ?? defaultTimestamp(deckFiles: reader.deckFiles())
        var package = AnkiDeck.package(deck, title: settings.title, imageFolder: options.content.appendingPathComponent("deck/images"),
                                       timestamp: timestamp, log: &log)
        var report = AnkiExportReport(diagnostics: [])
        let previous = options.previous ?? (options.format == .apkg ? options.output : nil)
        report.changedCount = keepUnchangedTimes(&package, previous: previous)
        do throws(AnkiExportError) {
            switch options.format {
            case .apkg:
                try AnkiPackageWriter.write(package, to: options.output)
            case .txt:
                do { try Data(AnkiTextWriter.text(for: package).utf8).write(to: options.output, options: .atomic) } catch {
                    throw AnkiExportError.cannotWrite(path: options.output.path, reason: error.localizedDescription)
                }
            }
        } catch {
            log.error(error.description, at: SourceLocation(path: options.output.relativePath))
        }
        report.diagnostics = log.all
        report.noteCount = package.notes.count
        report.cardCount = package.notes.reduce(0) { $0 + $1.cardOrdinals.count }
        report.mediaCount = options.format == .apkg ? package.media.count : 0
        return report
    }

    /// `SOURCE_DATE_EPOCH` when set (reproducible builds), else the newest deck file's modification time, in whole seconds.
    static func defaultTimestamp(deckFiles: [URL]) -> Int64 {
        if let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let value = Int64(text), value >= 0 { return value }
        let times = deckFiles.compactMap { url -> Int64? in
            guard let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                  date.timeIntervalSince1970.isFinite, date.timeIntervalSince1970 >= 0, date.timeIntervalSince1970 < 1e12 else { return nil }
            return Int64(date.timeIntervalSince1970)
        }
        return times.max() ?? 0
    }

    /// Gives each note that is unchanged since `previous` (same note type, fields, tags and deck) its
    /// earlier modification time, so a re-import in Anki ("update if newer") touches only the notes
    /// that changed, and an unchanged deck exports to the same bytes. Returns how many notes changed.
    static func keepUnchangedTimes(_ package: inout AnkiPackage, previous: URL?) -> Int {
        guard let previous, FileManager.default.fileExists(atPath: previous.path),
              let contents = try? AnkiPackageReader.read(previous) else { return package.notes.count }
        let shape = AnkiPackageWriter.noteTypeID(package.noteType)
        var deckOfNote: [Int64: Int64] = [:]
        for card in contents.cards where deckOfNote[card.noteID] == nil { deckOfNote[card.noteID] = card.deckID }
        var earlier: [String: AnkiPackageContents.Note] = [:]
        for note in contents.notes where note.modelID == shape { earlier[note.guid] = note }
        var changed = 0
        for index in package.notes.indices {
            let note = package.notes[index]
            let tags = note.tags.isEmpty ? "" : " " + note.tags.joined(separator: " ") + " "
            if let old = earlier[note.guid], old.fields == note.fields, old.tags == tags,
               deckOfNote[old.id] == AnkiPackageWriter.deckID(note.deck), old.modified <= package.timestamp {
                package.notes[index].modified = old.modified
            } else {
                changed += 1
            }
        }
        return changed
    }
}
