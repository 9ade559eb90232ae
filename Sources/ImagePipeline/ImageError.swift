/// Why an image cannot be published.
public enum ImageError: Error, Sendable, Equatable {
    /// The file could not be read.
    case unreadable(reason: String)
    /// The bytes are not an image of a format Loupe accepts (whatever the file's name says).
    case notAnImage
    /// The bytes look like an image but libvips cannot decode them.
    case undecodable(format: ImageFormat, reason: String)
    /// More pixels than Loupe will decode.
    case tooLarge(width: Int, height: Int)
    /// Encoding a rendition failed.
    case encodingFailed(reason: String)

    /// The predicate of a sentence whose subject is the image (`image 'x.jpg' <message>`).
    public var message: String {
        switch self {
        case .unreadable(let reason): return "cannot be read (\(reason))"
        case .notAnImage: return "is not a JPEG, PNG, GIF, WebP, TIFF, HEIF/AVIF or SVG image (judged by its bytes, not its name)"
        case .undecodable(let format, let reason): return "cannot be decoded as \(format.rawValue.uppercased()) (\(reason))"
        case .tooLarge(let width, let height): return "is \(width)×\(height) pixels, more than the 250-megapixel limit"
        case .encodingFailed(let reason): return "cannot be converted for the web (\(reason))"
        }
    }
}
