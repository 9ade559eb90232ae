import Foundation
import ZIPFoundation

/// What an `.apkg` holds, read back: used to keep the modification times of unchanged notes when
/// exporting again, and by tests.
public struct AnkiPackageContents: Sendable {
    /// One note row.
    public struct Note: Sendable, Equatable {
        /// The note id.
        public var id: Int64
        /// The GUID.
        public var guid: String
        /// The note type id.
        public var modelID: Int64
        /// Seconds since 1970.
        public var modified: Int64
        /// The tags as stored (space-separated, with a space at each end).
        public var tags: String
        /// The fields, split at U+001F.
        public var fields: [String]
    }

    /// One card row.
    public struct Card: Sendable, Equatable {
        /// The card id.
        public var id: Int64
        /// Its note's id.
        public var noteID: Int64
        /// Its deck's id.
        public var deckID: Int64
        /// The template index.
        public var ordinal: Int64
    }

    /// Notes by id order.
    public var notes: [Note]
    /// Cards by id order.
    public var cards: [Card]
    /// The `col` row's `models` JSON.
    public var modelsJSON: String
    /// The `col` row's `decks` JSON.
    public var decksJSON: String
    /// Media: number → name, from the `media` entry.
    public var media: [String: String]
    /// Media bytes by number.
    public var mediaData: [String: Data]
    /// The raw `collection.anki2` bytes.
    public var collection: Data
}

/// Reads `.apkg` files.
public enum AnkiPackageReader {
    /// Reads the package at `url`.
    public static func read(_ url: URL) throws(AnkiExportError) -> AnkiPackageContents {
        let archive: Archive
        do { archive = try Archive(url: url, accessMode: .read) } catch {
            throw .notAPackage("\(url.path) is not a zip archive")
        }
        func entry(_ name: String) throws(AnkiExportError) -> Data? {
            guard let item = archive[name] else { return nil }
            var data = Data()
            do { _ = try archive.extract(item) { data.append($0) } } catch { throw .archive("cannot read \(name): \(error)") }
            return data
        }
        guard let collection = try entry("collection.anki2") else { throw .notAPackage("no collection.anki2 in \(url.path)") }
        var media: [String: String] = [:]
        if let mediaData = try entry("media") {
            guard let map = (try? JSONSerialization.jsonObject(with: mediaData)) as? [String: String] else {
                throw .notAPackage("the media map is not a JSON object of names")
            }
            media = map
        }
        var mediaData: [String: Data] = [:]
        for key in media.keys { mediaData[key] = try entry(key) }

        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("loupe-anki-read-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).anki2")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do { try collection.write(to: scratch) } catch { throw .cannotWrite(path: scratch.path, reason: error.localizedDescription) }
        let database = try SQLiteDatabase(path: scratch.path, readOnly: true)
        let notes = try database.rows("SELECT id, guid, mid, mod, tags, flds FROM notes ORDER BY id").map { row in
            AnkiPackageContents.Note(id: row[0].integer ?? 0, guid: row[1].text ?? "", modelID: row[2].integer ?? 0,
                                     modified: row[3].integer ?? 0, tags: row[4].text ?? "",
                                     fields: (row[5].text ?? "").components(separatedBy: "\u{1F}"))
        }
        let cards = try database.rows("SELECT id, nid, did, ord FROM cards ORDER BY id").map { row in
            AnkiPackageContents.Card(id: row[0].integer ?? 0, noteID: row[1].integer ?? 0, deckID: row[2].integer ?? 0,
                                     ordinal: row[3].integer ?? 0)
        }
        let col = try database.rows("SELECT models, decks FROM col")
        guard let first = col.first else { throw .notAPackage("the collection has no col row") }
        return AnkiPackageContents(notes: notes, cards: cards, modelsJSON: first[0].text ?? "", decksJSON: first[1].text ?? "",
                                   media: media, mediaData: mediaData, collection: collection)
    }
}
