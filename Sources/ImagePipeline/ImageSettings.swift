/// How images are prepared for the web: rendition widths, quality and formats (`images:` in `loupe.yml`).
public struct ImageSettings: Sendable, Equatable, Hashable {
    /// An output format.
    public enum Format: String, Sendable, Equatable, Hashable, CaseIterable {
        case webp, jpeg, png

        /// The file extension.
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
        /// The media type for `<source type>`.
        public var mediaType: String { "image/" + rawValue }
    }

    /// Rendition widths in pixels, ascending; an image is never enlarged past its own width.
    public var widths: [Int]
    /// Encoder quality, 1–100 (WebP and JPEG).
    public var quality: Int
    /// Output formats: the first is offered at every width in `srcset`; the last is the `<img>`
    /// fallback at ``fallbackWidth`` (a JPEG fallback becomes PNG for an image with transparency).
    public var formats: [Format]
    /// The width of the fallback rendition (the largest rendition not wider than this).
    public var fallbackWidth: Int

    /// 480, 960 and 1600 px WebP with a 960 px JPEG (or PNG) fallback at quality 75.
    public static let defaults = ImageSettings(widths: [480, 960, 1600], quality: 75, formats: [.webp, .jpeg], fallbackWidth: 960)

    /// Creates settings; call ``validated()`` on values read from a file.
    public init(widths: [Int], quality: Int, formats: [Format], fallbackWidth: Int) {
        self.widths = widths
        self.quality = quality
        self.formats = formats
        self.fallbackWidth = fallbackWidth
    }

    /// The first problem with these settings, as a sentence for the user, or `nil`.
    public var problem: String? {
        if widths.isEmpty { return "images.widths needs at least one width" }
        if let bad = widths.first(where: { !(16...8192).contains($0) }) { return "images.widths: \(bad) is not between 16 and 8192 pixels" }
        if !(1...100).contains(quality) { return "images.quality: \(quality) is not between 1 and 100" }
        if formats.isEmpty { return "images.formats needs at least one of webp, jpeg, png" }
        if !(16...8192).contains(fallbackWidth) { return "images.fallback_width: \(fallbackWidth) is not between 16 and 8192 pixels" }
        return nil
    }

    /// The primary (srcset) format.
    var primary: Format { formats.first ?? .webp }
    /// The fallback format before the transparency rule.
    var fallback: Format { formats.last ?? .jpeg }

    /// The widths to make for an image `width` pixels wide: the configured widths below it, plus its own
    /// width when it is narrower than the largest; a width within 20% of the next one is dropped.
    public func targetWidths(forImageWidth width: Int) -> [Int] {
        let sorted = Set(widths).sorted()
        var targets = sorted.filter { $0 < width }
        if let largest = sorted.last, width <= largest { targets.append(width) }
        if targets.isEmpty { targets = [max(1, width)] }
        var kept: [Int] = []
        for (index, target) in targets.enumerated() {
            if index + 1 < targets.count, Double(targets[index + 1]) <= Double(target) * 1.2 { continue }
            kept.append(target)
        }
        return kept
    }

    /// Text that changes whenever the output would (part of the cache key).
    var fingerprint: String {
        "w=\(Set(widths).sorted().map(String.init).joined(separator: ","));q=\(quality);f=\(formats.map(\.rawValue).joined(separator: ","));fb=\(fallbackWidth)"
    }
}
