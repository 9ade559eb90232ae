import CVips
import Foundation

/// A small JPEG of a photo for embedding in a document (e.g. a session report): shrunk to fit
/// `maxWidth`, sRGB, no metadata. Any format the pipeline accepts goes in; a JPEG comes out.
public enum EmbeddedPhoto {
    /// The JPEG bytes of `data` at most `maxWidth` pixels wide (never enlarged).
    public static func jpeg(from data: Data, maxWidth: Int = 640, quality: Int = 70) throws(ImageError) -> Data {
        guard let format = ImageFormat.sniff(data) else { throw .notAnImage }
        let header = try ImageProcessor.readHeader(data, format: format)
        let width = min(max(16, maxWidth), header.width)
        let image = try ImageProcessor.thumbnail(data, format: format, width: width, animated: false, inMemory: true)
        defer { loupe_vips_unref(image) }
        return try ImageProcessor.encode(image, as: .jpeg, quality: min(100, max(1, quality))).1
    }

    /// A `data:image/jpeg;base64,…` URI of ``jpeg(from:maxWidth:quality:)``, for an `<img src>`.
    public static func dataURI(from data: Data, maxWidth: Int = 640, quality: Int = 70) throws(ImageError) -> String {
        "data:image/jpeg;base64," + (try jpeg(from: data, maxWidth: maxWidth, quality: quality)).base64EncodedString()
    }
}
