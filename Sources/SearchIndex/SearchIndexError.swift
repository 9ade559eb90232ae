/// Why an index could not be written.
public enum SearchIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// JSON encoding failed (a string that is not valid Unicode, say).
    case encodingFailed(reason: String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .encodingFailed(let reason):
            return "could not write the search index (\(reason)); report this with the deck that caused it"
        }
    }
}
