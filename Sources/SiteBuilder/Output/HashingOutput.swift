import Foundation
import Synchronization

/// An output that passes every file on and records its size, a hash of its bytes and (for pages) the
/// digest it was rendered from: the site's service worker lists every file and carries a version
/// that changes whenever any file changes, and the build manifest keeps the records for the next
/// incremental build.
final class HashingOutput: SiteOutput, Sendable {
    private let base: any SiteOutput
    private let files = Mutex<[String: WrittenFile]>([:])

    /// An output recording what is written to `base`, sized for about `expected` files (the previous
    /// build's count) so the records are not rehashed as they grow.
    init(wrapping base: any SiteOutput, expected: Int = 0) {
        self.base = base
        files.withLock { $0.reserveCapacity(expected) }
    }

    /// Whether files are thrown away (`loupe check`): work that only produces files can be skipped.
    var isDiscarding: Bool { base is DiscardingOutput }

    func write(_ data: Data, to relativePath: String) throws(OutputError) {
        try write(data, to: relativePath, digest: nil)
    }

    /// Writes a file rendered from inputs with `digest` (see ``SiteOutput/reuse(_:digest:)``).
    func write(_ data: Data, to relativePath: String, digest: String?) throws(OutputError) {
        try base.write(data, to: relativePath)
        let record = WrittenFile(size: data.count, hash: Self.hex(data, path: relativePath), digest: digest)
        files.withLock { $0[relativePath] = record }
    }

    func reuse(_ relativePath: String, digest: String) -> WrittenFile? {
        guard let record = base.reuse(relativePath, digest: digest) else { return nil }
        files.withLock { $0[relativePath] = record }
        return record
    }

    func recorded(_ relativePath: String) -> WrittenFile? { base.recorded(relativePath) }

    func distrust(_ relativePath: String) {
        files.withLock { $0[relativePath] = nil }
        base.distrust(relativePath)
    }

    /// Every file so far, by site-relative path.
    var records: [String: WrittenFile] { files.withLock { $0 } }

    /// Whether `path` is one of the build's own records (`.loupe/`), not a file of the site: not
    /// counted, not listed for offline use and not part of the site's version.
    static func isBuildRecord(_ path: String) -> Bool { path.hasPrefix(".") }

    /// Every path written so far, sorted.
    var paths: [String] { files.withLock { $0.keys.sorted() } }

    /// The site's files so far (not the build's own records in `.loupe/`), sorted, and a version of
    /// them all: independent of the order files were written in.
    var site: (paths: [String], version: String) {
        // Sorted paths and lookups rather than a sorted copy of the records (132,000 at 100,000 cards).
        files.withLock { files in
            let paths = files.keys.filter { !Self.isBuildRecord($0) }.sorted()
            var combined = FNV1a()
            for path in paths { combined.add(files[path]?.hash ?? ""); combined.add("|") }
            return (paths, combined.hex)
        }
    }

    /// The recorded hash of `data` at `path`.
    static func hex(_ data: Data, path: String) -> String {
        data.withUnsafeBytes { hex($0, path: path) }
    }

    /// The recorded hash of `bytes` at `path`.
    static func hex(_ bytes: UnsafeRawBufferPointer, path: String) -> String {
        var hash = FNV1a()
        hash.add("\(path.utf8.count):")
        hash.add(path)
        hash.add(bytes)
        return hash.hex
    }
}
