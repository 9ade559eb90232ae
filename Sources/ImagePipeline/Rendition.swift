/// One encoded version of an image: a format at a width.
public struct Rendition: Sendable, Equatable, Hashable, Codable {
    /// The encoding.
    public var format: ImageSettings.Format
    /// Pixels wide.
    public var width: Int
    /// Pixels high (one frame for an animation).
    public var height: Int
    /// Encoded size in bytes.
    public var byteCount: Int

    /// Creates a rendition description.
    public init(format: ImageSettings.Format, width: Int, height: Int, byteCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }

    /// The file name suffix, e.g. `480.webp`.
    public var suffix: String { "\(width).\(format.fileExtension)" }
}

extension ImageSettings.Format: Codable {}

/// What the pipeline made of one source image.
public struct ProcessedImage: Sendable, Equatable, Codable {
    /// The source's format.
    public var sourceFormat: String
    /// SHA-256 of the source bytes, lower-case hex.
    public var contentHash: String
    /// The width-sorted renditions in the primary format (for `srcset`).
    public var renditions: [Rendition]
    /// The `<img>` fallback (may be one of ``renditions``).
    public var fallback: Rendition

    /// Creates a description (the pipeline makes these; tests and callers may too).
    public init(sourceFormat: String, contentHash: String, renditions: [Rendition], fallback: Rendition) {
        self.sourceFormat = sourceFormat
        self.contentHash = contentHash
        self.renditions = renditions
        self.fallback = fallback
    }

    /// The widest rendition (for the zoom view).
    public var largest: Rendition { renditions.last ?? fallback }

    /// Every distinct rendition.
    public var allRenditions: [Rendition] {
        renditions.contains(fallback) ? renditions : renditions + [fallback]
    }
}
