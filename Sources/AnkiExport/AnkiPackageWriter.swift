import Foundation
import ZIPFoundation

/// Writes an ``AnkiPackage`` as an `.apkg`: a zip of `collection.anki2`, the `media` map
/// (`{"0": "name.jpg", …}`) and the media files named `0`, `1`, ….
///
/// Every zip entry carries the newest note time, so the same package gives the same bytes.
public enum AnkiPackageWriter {
    /// The `.apkg` bytes for `package`.
    public static func data(for package: AnkiPackage) throws(AnkiExportError) -> Data {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("loupe-anki-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: scratch.path, reason: error.localizedDescription)
        }
        let collection = scratch.appendingPathComponent("collection.anki2")
        try AnkiCollectionWriter.write(package, to: collection.path)
        guard let collectionData = FileManager.default.contents(atPath: collection.path) else {
            throw .database("the collection file was not written")
        }
        var mediaMap: [String: String] = [:]
        for (index, file) in package.media.enumerated() { mediaMap[String(index)] = file.name }
        let mediaJSON = Data(try AnkiCollectionWriter.json(mediaMap).utf8)

        let date = Date(timeIntervalSince1970: TimeInterval(package.modifiedTime))
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            try add(collectionData, as: "collection.anki2", to: archive, date: date, compress: true)
            try add(mediaJSON, as: "media", to: archive, date: date, compress: true)
            for (index, file) in package.media.enumerated() {
                guard let bytes = FileManager.default.contents(atPath: file.source.path) else {
                    throw AnkiExportError.unreadableMedia(path: file.source.path)
                }
                try add(bytes, as: String(index), to: archive, date: date, compress: false)
            }
            guard let data = archive.data else { throw AnkiExportError.archive("the archive has no data") }
            return data
        } catch let error as AnkiExportError {
            throw error
        } catch {
            throw .archive("\(error)")
        }
    }

    /// Writes the `.apkg` for `package` to `url` (replacing it atomically).
    public static func write(_ package: AnkiPackage, to url: URL) throws(AnkiExportError) {
        let bytes = try data(for: package)
        do { try bytes.write(to: url, options: .atomic) } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    private static func add(_ data: Data, as path: String, to archive: Archive, date: Date, compress: Bool) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
                             permissions: 0o644, compressionMethod: compress ? .deflate : .none) { position, size in
            let start = Int(position)
            return data.subdata(in: start..<min(start + size, data.count))
        }
    }
}

extension AnkiPackageWriter {
    /// The id a package gives `noteType` (it changes when the name or the field names change).
    public static func noteTypeID(_ noteType: AnkiNoteType) -> Int64 { AnkiCollectionWriter.noteTypeID(noteType) }
    /// The id a package gives the deck named `name`.
    public static func deckID(_ name: String) -> Int64 { AnkiCollectionWriter.deckID(name) }
}
