/// The `format` names of Loupe's session JSON files, with the version each reader understands.
public enum SessionFormat: String, Sendable, Equatable, CaseIterable {
    /// A chart-based acuity session (§6.1).
    case acuitySession = "loupe-acuity-session"
    /// A templated note outline (§6.2).
    case noteOutline = "loupe-note-outline"
    /// A templated note session (§6.2).
    case noteSession = "loupe-note-session"
    /// A veterinary incident (§6.3).
    case incident = "loupe-incident"

    /// The version this build reads.
    public static let supportedVersion = 1
}
