import Foundation
import Synchronization

/// An output that passes every file on and records its size, a hash of its bytes and (for pages) the
/// digest it was rendered from: the site's service worker lists every file and carries a version
/// that changes whenever any file changes, and the build manifest keeps the records for the next
/// incremental build.
final class HashingOutput: SiteOutput, Sendable {
    private let base: any SiteOutput
    private let state = Mutex(Records())

    /// The records, and their paths as last sorted: the service worker's list and the manifest share
    /// one sort of 13,000 paths, with the few files written after it merged in.
    private struct Records {
        var files: [String: WrittenFile] = [:]
        /// Every path, sorted, when ``site`` was last taken; `nil` once a record was dropped since.
        var sorted: [String]?
        /// The paths recorded for the first time since.
        var added: [String] = []

        mutating func record(_ file: WrittenFile, at path: String) {
            if files.updateValue(file, forKey: path) == nil, sorted != nil { added.append(path) }
        }
    }

    /// An output recording what is written to `base`, sized for about `expected` files (the previous
    /// build's count) so the records are not rehashed as they grow.
    /// `sortedHint` is the previous build's paths in its manifest's order: most of a site's paths stay
    /// from one build to the next, so they are sorted by a merge instead of a sort of 13,000 strings.
    init(wrapping base: any SiteOutput, expected: Int = 0, sortedHint: [String] = []) {
        self.base = base
        self.sortedHint = sortedHint
        state.withLock { $0.files.reserveCapacity(expected) }
    }

    private let sortedHint: [String]

    /// Every path of `files`, sorted: the paths of ``sortedHint`` still recorded (checked to be in
    /// order as they are taken) merged with the others sorted; a plain sort when the hint is out of order.
    private func sortedPaths(of files: [String: WrittenFile]) -> [String] {
        guard !sortedHint.isEmpty else { return files.keys.sorted() }
        var kept: [String] = []
        kept.reserveCapacity(files.count)
        for path in sortedHint where files[path] != nil {
            if let last = kept.last, !(last < path) { return files.keys.sorted() }
            kept.append(path)
        }
        guard kept.count < files.count else { return kept }
        let known = Set(kept)
        return Self.merge(kept, files.keys.filter { !known.contains($0) }.sorted())
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
        state.withLock { $0.record(record, at: relativePath) }
    }

    func reuse(_ relativePath: String, digest: String) -> WrittenFile? {
        guard let record = base.reuse(relativePath, digest: digest) else { return nil }
        state.withLock { $0.record(record, at: relativePath) }
        return record
    }

    func recorded(_ relativePath: String) -> WrittenFile? { base.recorded(relativePath) }

    func distrust(_ relativePath: String) {
        state.withLock { state in
            if state.files.removeValue(forKey: relativePath) != nil { state.sorted = nil }
        }
        base.distrust(relativePath)
    }

    /// Every file so far, by site-relative path.
    var records: [String: WrittenFile] { state.withLock { $0.files } }

    /// Whether `path` is one of the build's own records (`.loupe/`), not a file of the site: not
    /// counted, not listed for offline use and not part of the site's version.
    static func isBuildRecord(_ path: String) -> Bool { path.hasPrefix(".") }

    /// Every path recorded so far, sorted (after ``site``, its sort and the paths recorded since merged).
    var paths: [String] {
        state.withLock { state in
            guard let sorted = state.sorted else { return sortedPaths(of: state.files) }
            return Self.merge(sorted, state.added.sorted())
        }
    }

    /// Two sorted lists of distinct paths as one.
    private static func merge(_ a: [String], _ b: [String]) -> [String] {
        guard !b.isEmpty else { return a }
        var merged: [String] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { merged.append(a[i]); i += 1 } else { merged.append(b[j]); j += 1 }
        }
        merged += a[i...]
        merged += b[j...]
        return merged
    }

    /// The site's files so far (not the build's own records in `.loupe/`), sorted, and a version of
    /// them all: independent of the order files were written in.
    var site: (paths: [String], version: String) {
        // Sorted paths and lookups rather than a sorted copy of the records (132,000 at 100,000 cards).
        state.withLock { state in
            let all = sortedPaths(of: state.files)
            state.sorted = all
            state.added = []
            let paths = all.filter { !Self.isBuildRecord($0) }
            var combined = FNV1a()
            for path in paths { combined.add(state.files[path]?.hash ?? ""); combined.add("|") }
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
