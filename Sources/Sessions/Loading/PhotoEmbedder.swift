import Foundation
import ImagePipeline

/// Turns a photo file into a `data:` URI for the standalone HTML documents.
///
/// The one place photos are embedded, shrunk through the image pipeline (ImagePipeline.EmbeddedPhoto). Only JPEG and PNG
/// bytes (checked by their signature, not the name) are embedded, and only up to ``maximumBytes``.
public enum PhotoEmbedder {
    /// The largest photo read; larger ones are listed, not embedded. Embedded photos are shrunk to 640 px.
    public static let maximumBytes = 50_000_000

    /// The outcome for one photo.
    public enum Result: Sendable, Equatable {
        /// A `data:image/…;base64,…` URI.
        case embedded(String)
        /// The file is not there.
        case missing
        /// Not a JPEG or PNG image.
        case notAnImage
        /// More than ``maximumBytes``.
        case tooLarge(bytes: Int)
    }

    /// Reads `url` and embeds it when it is a small JPEG or PNG.
    public static func embed(_ url: URL) -> Result {
        guard let data = FileManager.default.contents(atPath: url.path) else { return .missing }
        let bytes = [UInt8](data.prefix(8))
        let type: String
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            type = "image/jpeg"
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            type = "image/png"
        } else {
            return .notAnImage
        }
        guard data.count <= maximumBytes else { return .tooLarge(bytes: data.count) }
        // Through the image pipeline: a small, stripped JPEG (no camera, GPS or date metadata in the document).
        guard let uri = try? EmbeddedPhoto.dataURI(from: data, maxWidth: 640, quality: 70) else { return .notAnImage }
        _ = type
        return .embedded(uri)
    }
}
