import Diagnostics
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers the content hash of each source file by its identity on disk (device, inode, size,
/// modification and change times, as Git's index does), so a rebuild with no image changed reads
/// no source image at all. Kept in the cache folder as `sources.json`; any change to a file changes
/// its change time, so an edited image is always read and hashed again.
final class SourceIndex: Sendable {
    private let file: URL
    /// Content hashes by identity, and whether any was added or changed.
    private let state: Mutex<(hashes: [String: String], changed: Bool)>

    /// The index stored in `directory` (empty when absent or unreadable).
    init(directory: URL) {
        file = directory.appendingPathComponent("sources.json")
        let stored = FileManager.default.contents(atPath: file.path).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) }
        state = Mutex((stored ?? [:], false))
    }

    /// The identity key of the file at `url` (links followed), or `nil` when it cannot be examined.
    static func identity(of url: URL) -> String? { FileIdentity(path: url.path)?.key }

    /// The content hash recorded for a file identity.
    func hash(for identity: String) -> String? { state.withLock { $0.hashes[identity] } }

    /// Records the content hash of a file identity.
    func record(_ hash: String, for identity: String) {
        state.withLock { state in
            if state.hashes[identity] != hash { state.hashes[identity] = hash; state.changed = true }
        }
    }

    /// Writes the index if it changed, dropping files that changed or are gone; failures are ignored
    /// (it is only an optimisation).
    func save() {
        let snapshot: [String: String]? = state.withLock { state in
            guard state.changed else { return nil }
            let kept = state.hashes.filter { entry in
                let path = entry.key.split(separator: "|", omittingEmptySubsequences: false).dropLast(5).joined(separator: "|")
                return Self.identity(of: URL(fileURLWithPath: path)) == entry.key
            }
            state = (kept, false)
            return kept
        }
        guard let snapshot else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(snapshot) else { return }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".sources-\(ProcessInfo.processInfo.processIdentifier).json")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}
