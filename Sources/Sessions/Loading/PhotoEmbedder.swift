import Foundation
import ImagePipeline

/// Turns a photo file into a `data:` URI for the standalone HTML documents.
///
/// The one place photos are embedded, shrunk through the image pipeline (`ImagePipeline.EmbeddedPhoto`), which
/// judges the type by the bytes and decodes it; files over ``maximumBytes`` are listed, not read into the document.
public enum PhotoEmbedder {
    /// The largest photo read; larger ones are listed, not embedded. Embedded photos are shrunk to 640 px.
    public static let maximumBytes = 50_000_000

    /// The outcome for one photo.
    public enum Result: Sendable, Equatable {
        /// A `data:image/…;base64,…` URI.
        case embedded(String)
        /// The file is not there.
        case missing
        /// Not an image the pipeline can decode.
        case notAnImage
        /// More than ``maximumBytes``.
        case tooLarge(bytes: Int)
    }

    /// Reads `url` and embeds it as a small, stripped JPEG (640 px wide at most; no camera, GPS or date
    /// metadata) when the image pipeline can decode it; the type is judged by the bytes, not the name.
    public static func embed(_ url: URL) -> Result {
        guard let data = FileManager.default.contents(atPath: url.path) else { return .missing }
        guard data.count <= maximumBytes else { return .tooLarge(bytes: data.count) }
        guard let uri = try? EmbeddedPhoto.dataURI(from: data, maxWidth: 640, quality: 70) else { return .notAnImage }
        return .embedded(uri)
    }
}
