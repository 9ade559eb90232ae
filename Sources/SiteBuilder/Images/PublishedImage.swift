import Foundation
import ImagePipeline
import MarkupText

/// An image as published: its renditions under one base path (`images/<name>-<hash>`), and the
/// attributes a page needs to let the browser pick the smallest one that is sharp enough.
struct PublishedImage: Sendable, Equatable {
    /// Widths, formats and sizes.
    let image: ProcessedImage
    /// Site-relative path without the rendition suffix, e.g. `images/fundus-3f2a9c41d0`.
    let base: String

    /// Creates the published form of `image` from a source named `sourceName` in `folder` (`images/`).
    init(image: ProcessedImage, sourceName: String, folder: String) {
        self.image = image
        self.base = folder + Self.slug(sourceName) + "-" + String(image.contentHash.prefix(10))
    }

    /// The site-relative path of one rendition.
    func path(of rendition: Rendition) -> String { base + "-" + rendition.suffix }

    /// The `<img src>` fallback.
    var fallbackPath: String { path(of: image.fallback) }
    /// The largest rendition, for the zoom view.
    var zoomPath: String { path(of: image.largest) }

    /// `url 480w, url 960w, …` with `root` before each URL.
    func srcset(root: String) -> String {
        image.renditions.map { root + path(of: $0) + " \($0.width)w" }.joined(separator: ", ")
    }

    /// The `<source type>` of the `srcset`.
    var mediaType: String { (image.renditions.first ?? image.fallback).format.mediaType }

    /// A `<picture>` element: `srcset` + `sizes`, intrinsic `width`/`height` (no layout shift),
    /// `decoding="async"`, `loading="lazy"` unless `isLazy` is false, and `data-zoom` on the `<img>`.
    func pictureHTML(root: String, alt: String, sizes: String, isLazy: Bool) -> String {
        let fallback = image.fallback
        return "<picture><source type=\"\(mediaType)\" srcset=\"\(HTMLText.escape(srcset(root: root)))\" sizes=\"\(HTMLText.escape(sizes))\">"
            + "<img src=\"\(HTMLText.escape(root + fallbackPath))\" width=\"\(fallback.width)\" height=\"\(fallback.height)\" "
            + "alt=\"\(HTMLText.escape(alt))\" data-zoom=\"\(HTMLText.escape(root + zoomPath))\""
            + (isLazy ? " loading=\"lazy\"" : "") + " decoding=\"async\"></picture>"
    }

    /// A file name stem from any source name: lower-case letters, digits and hyphens (at most 60).
    static func slug(_ name: String) -> String {
        var stem = name
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        let mapped = stem.lowercased().unicodeScalars.map { scalar -> Character in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
        }
        let slug = String(mapped).split(separator: "-").joined(separator: "-")
        return slug.isEmpty ? "image" : String(slug.prefix(60))
    }
}

/// `sizes` values: how wide each kind of image is shown (see `Templates/assets/site.css`).
enum ImageSizes {
    /// A card strip with one image: the card's width (main is at most 46rem, minus padding).
    static let stripSingle = "(min-width: 48rem) 42rem, calc(100vw - 3rem)"
    /// A strip of several images: each takes 88% of the strip.
    static let stripMany = "(min-width: 48rem) 37rem, calc(88vw - 2.5rem)"
    /// A breed photo (at most 16rem wide).
    static let breed = "(min-width: 20rem) 16rem, calc(100vw - 2rem)"
}
