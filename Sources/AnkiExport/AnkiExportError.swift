/// Why an Anki package or text file could not be written or read.
public enum AnkiExportError: Error, Equatable, CustomStringConvertible {
    /// SQLite refused an operation (`message` is SQLite's own).
    case database(String)
    /// The zip archive could not be written or read.
    case archive(String)
    /// A media file could not be read.
    case unreadableMedia(path: String)
    /// A package lacks `collection.anki2` or its `media` map, or they are malformed.
    case notAPackage(String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)

    /// A human message.
    public var description: String {
        switch self {
        case .database(let message): return "cannot write the Anki collection: \(message)"
        case .archive(let message): return "cannot write the Anki package (zip): \(message)"
        case .unreadableMedia(let path): return "cannot read the image \(path); check that it exists and is readable"
        case .notAPackage(let reason): return "not an Anki package: \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason); check that the folder exists and is writable"
        }
    }
}
