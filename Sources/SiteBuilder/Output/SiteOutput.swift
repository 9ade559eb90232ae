import Foundation

/// Where generated files go: a staging folder for a full build, the previous site for an incremental
/// one, nowhere for `check`.
protocol SiteOutput: Sendable {
    /// Writes bytes at a site-relative path.
    func write(_ data: Data, to relativePath: String) throws(OutputError)
    /// The previous build's record of `relativePath` and its place, when the file was made from inputs
    /// with the same `digest` and is still there, without keeping it yet: a worker keeps the files it
    /// found in one ``keep(_:)``.
    func keepable(_ relativePath: String, digest: RecordedHex) -> PreviousFiles.Entry?
    /// Keeps the previous build's files at the places of `entries` (each found by ``keepable(_:digest:)``).
    func keep(_ entries: [PreviousFiles.Entry])
    /// Marks the previous build's file at `relativePath` as not what its record says (found altered),
    /// so writing it again really writes it.
    func distrust(_ relativePath: String)
    /// The previous build's record of the file at `relativePath` when the file is still there, without
    /// keeping it (a file read once, then replaced or dropped); `nil` when there is none.
    func recorded(_ relativePath: String) -> WrittenFile?
}

extension SiteOutput {
    /// Writes UTF-8 text.
    func write(text: String, to relativePath: String) throws(OutputError) {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Keeps the previous build's file at `relativePath` when it was made from inputs with the same
    /// `digest`, returning its record and place; `nil` means the caller must produce and write it.
    func reuse(_ relativePath: String, digest: RecordedHex) -> PreviousFiles.Entry? {
        guard let entry = keepable(relativePath, digest: digest) else { return nil }
        keep([entry])
        return entry
    }

    /// Nothing to reuse: every file is produced.
    func keepable(_ relativePath: String, digest: RecordedHex) -> PreviousFiles.Entry? { nil }
    func keep(_ entries: [PreviousFiles.Entry]) {}

    /// Nothing kept, so nothing to distrust.
    func distrust(_ relativePath: String) {}

    /// No previous build.
    func recorded(_ relativePath: String) -> WrittenFile? { nil }
}

extension StagedOutput: SiteOutput {}

/// An output that keeps nothing: `loupe check` renders every page to find problems, writes nothing.
struct DiscardingOutput: SiteOutput {
    /// Discards `data`.
    func write(_ data: Data, to relativePath: String) throws(OutputError) {}
}
