import Foundation

/// Renditions already made, kept outside the site (e.g. `.loupe-cache/images-v1/` beside the content
/// folder) under a key made of the source's bytes and the settings, so an unchanged image is never
/// processed twice. Entries are written to a temporary folder and renamed into place, so a killed
/// build never leaves half an entry; concurrent builds at worst make the same entry twice.
public struct ImageCache: Sendable {
    /// Bump when the processing changes in a way that alters output.
    static let version = "images-v4"
    /// The cache folder (created on first store).
    public let directory: URL

    /// A cache in `directory`.
    public init(directory: URL) {
        self.directory = directory.appendingPathComponent(Self.version, isDirectory: true)
    }

    /// The entry's folder for a source hash and settings.
    func folder(contentHash: String, settings: ImageSettings) -> URL {
        let key = ImageProcessor.sha256(Data((contentHash + "|" + settings.fingerprint).utf8))
        return directory.appendingPathComponent(String(key.prefix(2)), isDirectory: true)
            .appendingPathComponent(key, isDirectory: true)
    }

    /// The stored image and its files, or `nil` when absent or incomplete.
    func lookup(contentHash: String, settings: ImageSettings) -> (ProcessedImage, [Rendition: Data])? {
        let folder = folder(contentHash: contentHash, settings: settings)
        guard let manifest = FileManager.default.contents(atPath: folder.appendingPathComponent("image.json").path),
              let image = try? JSONDecoder().decode(ProcessedImage.self, from: manifest),
              image.contentHash == contentHash
        else { return nil }
        var files: [Rendition: Data] = [:]
        for rendition in image.allRenditions {
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(rendition.suffix).path),
                  bytes.count == rendition.byteCount
            else { return nil }
            files[rendition] = bytes
        }
        return (image, files)
    }

    /// Stores an entry; failures are ignored (the cache is only an optimisation).
    func store(_ image: ProcessedImage, files: [Rendition: Data], settings: ImageSettings) {
        let folder = folder(contentHash: image.contentHash, settings: settings)
        let manager = FileManager.default
        let temporary = directory.appendingPathComponent(".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)", isDirectory: true)
        do {
            try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
            for (rendition, bytes) in files { try bytes.write(to: temporary.appendingPathComponent(rendition.suffix)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(image).write(to: temporary.appendingPathComponent("image.json"))
            try manager.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            if manager.fileExists(atPath: folder.path) { try? manager.removeItem(at: folder) }
            try manager.moveItem(at: temporary, to: folder)
        } catch {
            try? manager.removeItem(at: temporary)
        }
    }
}
