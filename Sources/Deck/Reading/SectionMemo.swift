import Diagnostics
import Synchronization

/// Header and info cells parsed by an earlier read (each row's sections in their chunk form,
/// ``SectionChunkCoding/encodeRows(_:)``), by the SHA-256 of their text. A long-lived caller
/// (`loupe serve`) keeps one between builds, so after an edit only the rows whose cells changed are
/// parsed again. Entries not used by the latest read are dropped at the next, so it holds about one
/// deck's cells and sections.
public final class SectionMemo: Sendable {
    /// The digest of everything ``DeckSheet/sections(of:columns:)`` reads: each section's number and
    /// its two cells (``SectionChunkCoding/digest(of:columns:)``).
    typealias Key = ContentDigest

    private let state = Mutex<(previous: [Key: ArraySlice<UInt8>], current: [Key: ArraySlice<UInt8>])>(([:], [:]))

    /// An empty memo.
    public init() {}

    /// Starts a read: what the last read used stays available, older entries are dropped.
    func beginRead() {
        state.withLock { state in
            if !state.current.isEmpty { state = (state.current, [:]) }
        }
    }

    func row(for key: Key) -> ArraySlice<UInt8>? {
        state.withLock { $0.current[key] ?? $0.previous[key] }
    }

    func remember(_ entries: [(Key, ArraySlice<UInt8>)]) {
        state.withLock { state in
            for (key, sections) in entries { state.current[key] = sections }
        }
    }
}
