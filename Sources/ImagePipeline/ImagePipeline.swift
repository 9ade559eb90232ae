import Diagnostics
import Foundation
import Synchronization

/// Turns source images into small web renditions: sniffed by their bytes, shrunk (never enlarged) to a
/// few widths, converted (TIFF, HEIF, SVG → raster), colour-converted to sRGB, stripped of every piece
/// of metadata (EXIF, GPS, XMP, ICC), encoded as WebP with a JPEG or PNG fallback, cached by content.
///
/// This is the only module that talks to libvips.
public struct ImagePipeline: Sendable {
    /// Widths, quality and formats.
    public let settings: ImageSettings
    /// Where finished renditions are kept between builds (`nil`: no cache).
    public let cache: ImageCache?

    /// A pipeline with `settings`, caching in `cache`.
    public init(settings: ImageSettings = .defaults, cache: ImageCache? = nil) {
        self.settings = settings
        self.cache = cache
    }

    /// An image ready to publish: what was made and the bytes of each rendition.
    public struct Prepared: Sendable {
        /// Sizes and formats.
        public var image: ProcessedImage
        /// The encoded bytes of each of ``ProcessedImage/allRenditions``.
        public var files: [Rendition: Data]
        /// Whether it came from the cache.
        public var wasCached: Bool
    }

    /// Prepares one image from its bytes (using and filling the cache).
    public func prepare(_ data: Data) throws(ImageError) -> Prepared {
        guard ImageFormat.sniff(data) != nil else { throw .notAnImage }
        let hash = ImageProcessor.sha256(data)
        if let cache, let (image, files) = cache.lookup(contentHash: hash, settings: settings) {
            return Prepared(image: image, files: files, wasCached: true)
        }
        let (image, files) = try ImageProcessor.process(data, settings: settings)
        cache?.store(image, files: files, settings: settings)
        return Prepared(image: image, files: files, wasCached: false)
    }

    /// Prepares one image file.
    public func prepare(file: URL) throws(ImageError) -> Prepared {
        try prepare(Self.read(file))
    }

    /// Prepares one image file; a file whose identity on disk is in `index` is not read when its
    /// renditions are in the cache.
    func prepare(file: URL, index: SourceIndex?, identity: String?) throws(ImageError) -> Prepared {
        if let cache, let index, let identity, let hash = index.hash(for: identity),
           let (image, files) = cache.lookup(contentHash: hash, settings: settings) {
            return Prepared(image: image, files: files, wasCached: true)
        }
        let prepared = try prepare(Self.read(file))
        if let identity { index?.record(prepared.image.contentHash, for: identity) }
        return prepared
    }

    /// Prepares every file on all processor cores; results are in the order of `files`. With a
    /// cache, unchanged files (same identity on disk as in an earlier build) are not even read.
    public func prepare(files: [URL]) -> [Result<Prepared, ImageError>] {
        let results = Mutex<[Result<Prepared, ImageError>?]>(Array(repeating: nil, count: files.count))
        let index = cache.map { SourceIndex(directory: $0.directory) }
        let identities = files.map { FileIdentity(path: $0.path) }
        // Largest first: a multi-megabyte photo started last would leave one core working alone at the end
        // (a file that cannot be examined fails later with a located error).
        let sizes = identities.map { $0?.size ?? 0 }
        let order = files.indices.sorted { sizes[$0] > sizes[$1] }
        DispatchQueue.concurrentPerform(iterations: files.count) { step in
            let position = order[step]
            do throws(ImageError) {
                let prepared = try prepare(file: files[position], index: index, identity: identities[position]?.key)
                results.withLock { $0[position] = .success(prepared) }
            } catch {
                results.withLock { $0[position] = .failure(error) }
            }
        }
        index?.save()
        return results.withLock { $0.map { $0 ?? .failure(.unreadable(reason: "not processed")) } }
    }

    /// Checks that a file is an image libvips can decode, without making renditions (`loupe check`).
    public static func inspect(file: URL) throws(ImageError) -> ImageFormat {
        let data = try read(file)
        guard let format = ImageFormat.sniff(data) else { throw .notAnImage }
        _ = try ImageProcessor.readHeader(data, format: format)
        return format
    }

    static func read(_ file: URL) throws(ImageError) -> Data {
        do { return try Data(contentsOf: file) } catch { throw .unreadable(reason: (error as NSError).localizedDescription) }
    }
}
