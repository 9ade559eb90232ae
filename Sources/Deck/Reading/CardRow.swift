import Diagnostics

/// A card or category entry read from one row, before ids are assigned.
struct CardRow: Sendable {
    var category: String
    var topic: String?
    var subtopic: String?
    var slide: String?
    var images: [CardImage]
    var sections: StoredSections
    var source: SourceLine
    /// The digest of the cells the sections are parsed from (``SectionChunkCoding/digest(of:columns:)``).
    var sectionsDigest: ContentDigest?
    /// The row's cells (slices of the deck's text) until its sections are parsed.
    var pendingCells: [Substring]?
    /// Where the sections are kept: for a row from a snapshot, the previous build's chunk until the
    /// sections are found; then this build's chunk.
    var keptSections: KeptSections?
}
