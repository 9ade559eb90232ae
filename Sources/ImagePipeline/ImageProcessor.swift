import CVips
import Diagnostics
import Foundation

/// A libvips image (`VipsImage *`; the type is opaque to Swift since libvips is loaded at run time).
typealias VipsImagePointer = OpaquePointer

/// The libvips calls: decode once per rendition set, shrink, convert to sRGB, strip all metadata, encode.
///
/// libvips is thread-safe; each call works on its own images, so callers may run many at once.
enum ImageProcessor {
    /// The largest image decoded, in pixels (a decompression bomb is refused, not attempted).
    static let pixelLimit = 250_000_000

    /// Set up libvips once per process: one worker thread per operation (Loupe runs images in
    /// parallel itself) and no operation cache (every image is seen once).
    private static let isReady: Bool = {
        // libvips prints its own warnings to stderr; Loupe reports every image problem as a located diagnostic.
        setenv("VIPS_WARNING", "0", 0)
        return loupe_vips_init() == 0
    }()

    /// Why images cannot be processed: libvips is missing, or did not start.
    private static var notReady: String {
        loupe_vips_error().map { String(cString: $0) } ?? "libvips could not start"
    }

    /// The SHA-256 of `data` as lower-case hex.
    static func sha256(_ data: Data) -> String { ContentHash.sha256(data) }

    /// Decodes `data` and encodes every rendition `settings` asks for.
    static func process(_ data: Data, settings: ImageSettings) throws(ImageError) -> (ProcessedImage, [Rendition: Data]) {
        guard let format = ImageFormat.sniff(data) else { throw .notAnImage }
        guard isReady else { throw .undecodable(format: format, reason: notReady) }
        let header = try readHeader(data, format: format)
        // A vector drawing is sharp at any size: render it up to twice its intrinsic width (for 2× screens).
        let sourceWidth = format == .svg ? min(max(header.width * 2, 1), Set(settings.widths).max() ?? header.width) : header.width
        let targets = settings.targetWidths(forImageWidth: max(sourceWidth, header.width))
        let animated = format.mayBeAnimated && header.pages > 1
        let fallbackWidth = targets.last(where: { $0 <= settings.fallbackWidth }) ?? targets.first ?? header.width
        var fallbackFormat = settings.fallback
        if fallbackFormat == .jpeg && header.hasAlpha { fallbackFormat = .png }
        // Decode once, at the largest width, into memory; every smaller rendition is resized from it.
        // (An animation is decoded per width: resizing would mix its stacked frames.)
        let master = try thumbnail(data, format: format, width: targets.last ?? header.width, animated: false, inMemory: true,
                                   convertProfile: header.hasProfile)
        defer { loupe_vips_unref(master) }
        // Each width is computed once, into memory, from the next larger one (1600 → 960 → 480): the
        // fallback reuses its width's pixels, and small widths are not resized from the largest again.
        var sized: [Int: VipsImagePointer] = [:]
        defer { for image in sized.values { loupe_vips_unref(image) } }
        func still(_ width: Int) throws(ImageError) -> VipsImagePointer {
            if let known = sized[width] { return known }
            let larger = sized.keys.filter { $0 > width }.min()
            let source = larger.flatMap { sized[$0] } ?? master
            let image = try resized(source, to: width)
            defer { loupe_vips_unref(image) }
            guard let memory = loupe_vips_in_memory(image) else { throw .encodingFailed(reason: lastError()) }
            sized[width] = memory
            return memory
        }
        func rendition(_ width: Int, _ output: ImageSettings.Format, animated: Bool) throws(ImageError) -> (Rendition, Data) {
            guard animated else { return try encode(try still(width), as: output, quality: settings.quality) }
            let image = try thumbnail(data, format: format, width: width, animated: true, inMemory: false, convertProfile: header.hasProfile)
            defer { loupe_vips_unref(image) }
            return try encode(image, as: output, quality: settings.quality)
        }
        var files: [Rendition: Data] = [:]
        var renditions: [Rendition] = []
        for width in targets.reversed() {
            let (made, bytes) = try rendition(width, settings.primary, animated: animated)
            renditions.insert(made, at: 0)
            files[made] = bytes
        }
        let fallback: Rendition
        if let same = renditions.first(where: { $0.width == fallbackWidth && $0.format == fallbackFormat }) {
            fallback = same
        } else {
            let (made, bytes) = try rendition(fallbackWidth, fallbackFormat, animated: false)
            fallback = made
            files[made] = bytes
        }
        let image = ProcessedImage(sourceFormat: format.rawValue, contentHash: sha256(data), renditions: renditions, fallback: fallback)
        return (image, files)
    }

    struct Header { var width: Int; var height: Int; var pages: Int; var hasAlpha: Bool; var hasProfile = false }

    /// Checks that libvips picks the loader the bytes claim (never ImageMagick's catch-all) and reads the size.
    static func readHeader(_ data: Data, format: ImageFormat) throws(ImageError) -> Header {
        guard isReady else { throw .undecodable(format: format, reason: notReady) }
        let result: Result<Header, ImageError> = data.withUnsafeBytes { raw in
            guard let loader = loupe_vips_loader(raw.baseAddress, raw.count).map({ String(cString: $0) }),
                  loader.lowercased().contains(format.loaderToken.lowercased()), !loader.lowercased().contains("magick")
            else { return .failure(.undecodable(format: format, reason: "no decoder for it")) }
            guard let image = loupe_vips_header(raw.baseAddress, raw.count) else {
                return .failure(.undecodable(format: format, reason: lastError()))
            }
            defer { loupe_vips_unref(image) }
            var width = Int(loupe_vips_width(image))
            var height = Int(loupe_vips_page_height(image))
            if (5...8).contains(loupe_vips_orientation(image)) { swap(&width, &height) }
            guard width > 0, height > 0 else { return .failure(.undecodable(format: format, reason: "it has no pixels")) }
            guard width.multipliedReportingOverflow(by: height).partialValue <= pixelLimit, width <= 100_000, height <= 100_000 else {
                return .failure(.tooLarge(width: width, height: height))
            }
            let hasAlpha = loupe_vips_has_alpha(image) != 0
            return .success(Header(width: width, height: height, pages: Int(max(1, loupe_vips_pages(image))), hasAlpha: hasAlpha,
                                  hasProfile: loupe_vips_has_profile(image) != 0))
        }
        return try result.get()
    }

    /// Decodes `data` shrunk (on load where the format allows) to `width`, upright, in sRGB. The caller unrefs it.
    static func thumbnail(_ data: Data, format: ImageFormat, width: Int, animated: Bool, inMemory: Bool,
                          convertProfile: Bool = true) throws(ImageError) -> VipsImagePointer {
        guard isReady else { throw .undecodable(format: format, reason: notReady) }
        let result: Result<VipsImagePointer, ImageError> = data.withUnsafeBytes { raw in
            var thumbnail: VipsImagePointer?
            guard loupe_vips_thumbnail(raw.baseAddress, raw.count, Int32(clamping: width), animated ? 1 : 0, format == .svg ? 1 : 0,
                                       convertProfile ? 1 : 0, &thumbnail) == 0,
                  let image = thumbnail
            else { return .failure(.undecodable(format: format, reason: lastError())) }
            guard inMemory else { return .success(image) }
            // The pixels are computed here, while `data` is still alive.
            defer { loupe_vips_unref(image) }
            guard let memory = loupe_vips_in_memory(image) else { return .failure(.undecodable(format: format, reason: lastError())) }
            return .success(memory)
        }
        return try result.get()
    }

    /// `image` shrunk to `width` (a new reference to `image` itself when it is not wider). The caller unrefs it.
    static func resized(_ image: VipsImagePointer, to width: Int) throws(ImageError) -> VipsImagePointer {
        let current = Int(loupe_vips_width(image))
        guard width < current else {
            loupe_vips_ref(image)
            return image
        }
        var out: VipsImagePointer?
        guard loupe_vips_resize(image, Double(width) / Double(current), &out) == 0, let resized = out else {
            throw .encodingFailed(reason: lastError())
        }
        return resized
    }

    /// One rendition of an upright sRGB image: no metadata, flattened onto white for JPEG, encoded.
    static func encode(_ source: VipsImagePointer, as output: ImageSettings.Format, quality: Int) throws(ImageError) -> (Rendition, Data) {
        var bare: VipsImagePointer?
        guard loupe_vips_without_metadata(source, &bare) == 0, var image = bare else { throw .encodingFailed(reason: lastError()) }
        defer { loupe_vips_unref(image) }
        if output == .jpeg && loupe_vips_has_alpha(image) != 0 {
            var flat: VipsImagePointer?
            guard loupe_vips_flatten_white(image, &flat) == 0, let flattened = flat else { throw .encodingFailed(reason: lastError()) }
            loupe_vips_unref(image)
            image = flattened
        }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32
        switch output {
        case .webp: status = loupe_vips_webp(image, Int32(clamping: quality), &buffer, &length)
        case .jpeg: status = loupe_vips_jpeg(image, Int32(clamping: quality), &buffer, &length)
        case .png: status = loupe_vips_png(image, &buffer, &length)
        }
        guard status == 0, let buffer else { throw .encodingFailed(reason: lastError()) }
        defer { loupe_vips_free(buffer) }
        var bytes = Data(bytes: buffer, count: length)
        if output == .webp { bytes = WebPMetadata.stripped(bytes) }
        let rendition = Rendition(format: output, width: Int(loupe_vips_width(image)),
                                  height: Int(loupe_vips_page_height(image)), byteCount: bytes.count)
        return (rendition, bytes)
    }

    /// libvips' last error as one line, and clears it.
    private static func lastError() -> String {
        let text = loupe_vips_error_buffer().map { String(cString: $0) } ?? ""
        loupe_vips_error_clear()
        let line = text.split(separator: "\n").last.map(String.init) ?? ""
        return line.isEmpty ? "unknown libvips error" : line
    }
}
