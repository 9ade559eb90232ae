import Foundation
import Synchronization

/// An output that passes every file on and records its size, a hash of its bytes and (for pages) the
/// digest it was rendered from: the site's service worker lists every file and carries a version
/// that changes whenever any file changes, and the build manifest keeps the records for the next
/// incremental build.
final class HashingOutput: SiteOutput, Sendable {
    private let base: any SiteOutput
    private let state: Mutex<Records>

    /// The records, and their paths as last sorted: the service worker's list and the manifest share
    /// one sort of 13,000 paths, with the few files written after it merged in.
    ///
    /// A previous file kept as it was is only marked by its place in the previous build's order: its
    /// record is the previous one, and its manifest line is copied from the previous manifest. Filing
    /// 13,000 kept records in a dictionary, and spelling each line again, was 7 % of a one-card edit.
    private struct Records {
        /// The records of the files written (or found the same as before) by this build, by path.
        var files: [String: WrittenFile] = [:]
        /// The previous build's files kept as they were, by their place in its order.
        var kept: PositionMarks
        /// Every path, sorted, when ``site`` was last taken; `nil` once a record was dropped since.
        var sorted: [String]?
        /// The paths recorded for the first time since (or since ``presort()`` took the paths it sorts).
        var added: [String] = []
        /// Whether ``presort()`` is sorting the paths it took, outside the lock.
        var isSorting = false
        /// The paths recorded that the previous build did not have.
        var fresh: [String] = []
        /// The previous build's paths recorded, by their place in its order.
        var stayed: PositionMarks
        /// The site's version: the sum of every site file's ``VersionTerm``, so it is the same whatever
        /// order the files were written in, and needs no pass over the files at the end.
        var version = VersionTerm.zero

        /// How many files are recorded.
        var count: Int { files.count + kept.count }

        /// Records `file` at `path`, which had `previous` (its place and record) in the previous build's
        /// order (`nil`: a path it did not have).
        mutating func record(_ file: WrittenFile, at path: String, previous: PreviousFiles.Entry?, term: VersionTerm) {
            version.add(term)
            if let previous, kept[previous.position] {
                // Kept, then written after all.
                kept.unmark(previous.position)
                version.subtract(VersionTerm(path: path, hash: previous.file.recordedHash))
                files[path] = file
                return
            }
            if let replaced = files.updateValue(file, forKey: path) {
                version.subtract(VersionTerm(path: path, hash: replaced.recordedHash))
                return
            }
            if sorted != nil || isSorting { added.append(path) }
            if let previous { stayed.mark(previous.position) } else { fresh.append(path) }
        }

        /// Records the previous build's file at `path`, `entry`, as kept.
        mutating func keep(_ entry: PreviousFiles.Entry, at path: String, term: VersionTerm) {
            guard !kept[entry.position] else { return }
            version.add(term)
            kept.mark(entry.position)
            if let replaced = files.removeValue(forKey: path) {
                // Written, then kept after all.
                version.subtract(VersionTerm(path: path, hash: replaced.recordedHash))
                return
            }
            if sorted != nil || isSorting { added.append(path) }
            stayed.mark(entry.position)
        }
    }

    /// One file's share of the site's version: a digest of its path and hash (nothing for the build's
    /// own records). Shares are added with wrapping arithmetic, so any order gives the same sum.
    struct VersionTerm: Equatable {
        var a: UInt64, b: UInt64
        static let zero = VersionTerm(a: 0, b: 0)

        private init(a: UInt64, b: UInt64) { (self.a, self.b) = (a, b) }

        init(path: String, hash: RecordedHex) {
            guard !HashingOutput.isBuildRecord(path) else { self = .zero; return }
            var digest = FNV1a()
            digest.add(path.utf8.count)
            digest.add(path)
            hash.withUTF8 { digest.add($0) }
            (a, b) = digest.lanes
        }

        mutating func add(_ term: VersionTerm) { a &+= term.a; b &+= term.b }
        mutating func subtract(_ term: VersionTerm) { a &-= term.a; b &-= term.b }

        /// The sum as 32 hexadecimal digits.
        var hex: String {
            var digest = FNV1a()
            digest.add(Int(truncatingIfNeeded: a))
            digest.add(Int(truncatingIfNeeded: b))
            return digest.hex
        }
    }

    /// The previous build's records in its manifest's order, when this build updates it.
    private let previous: PreviousFiles?

    /// An output recording what is written to `base`, sized for about `expected` files (the previous
    /// build's count) so the records are not rehashed as they grow. With `previous` (the records of the
    /// manifest this build updates), the paths that stay are sorted by the manifest's order and only
    /// the new ones by comparing strings.
    init(wrapping base: any SiteOutput, expected: Int = 0, previous: PreviousFiles? = nil) {
        self.base = base
        self.previous = previous
        var records = Records(kept: PositionMarks(size: previous?.count ?? 0), stayed: PositionMarks(size: previous?.count ?? 0))
        records.files.reserveCapacity(expected)
        state = Mutex(records)
    }

    /// Every recorded path, sorted: the previous build's paths still recorded, read off their marks in
    /// its sorted order (``RecordedBuild/previousFiles()``), merged with the new paths sorted; a plain
    /// sort when a new path was dropped again (a fresh path dropped, or dropped and written again, only
    /// makes `fresh` longer, so the counts no longer add up).
    private func sortedPaths(of state: Records) -> [String] {
        guard let previous else { return state.files.keys.sorted() }
        guard state.stayed.count + state.fresh.count == state.count else { return Self.allRecords(of: state, previous: previous).keys.sorted() }
        let stayed = state.stayed.isFull ? previous.order : state.stayed.select(previous.order)
        return Self.merge(stayed, state.fresh.sorted())
    }

    /// Whether files are thrown away (`loupe check`): work that only produces files can be skipped.
    var isDiscarding: Bool { base is DiscardingOutput }

    func write(_ data: Data, to relativePath: String) throws(OutputError) {
        try write(data, to: relativePath, digest: nil)
    }

    /// Writes a file rendered from inputs with `digest` (see ``SiteOutput/keepable(_:digest:)``).
    func write(_ data: Data, to relativePath: String, digest: RecordedHex?) throws(OutputError) {
        try base.write(data, to: relativePath)
        let record = WrittenFile(size: data.count, hash: Self.hash(data, path: relativePath), digest: digest)
        // Looked up outside the lock.
        let old = previous?[relativePath], term = VersionTerm(path: relativePath, hash: record.recordedHash)
        if let old, old.file == record {
            // The same file as before (written again, or left as it was by an updating output).
            state.withLock { $0.keep(old, at: relativePath, term: term) }
            return
        }
        state.withLock { $0.record(record, at: relativePath, previous: old, term: term) }
    }

    func keepable(_ relativePath: String, digest: RecordedHex) -> PreviousFiles.Entry? {
        base.keepable(relativePath, digest: digest)
    }

    /// Keeps the previous build's files at the places of `entries` (each found by
    /// ``keepable(_:digest:)``) and records them under one lock: a worker's batch of kept pages, where a
    /// lock for each page made the two cores wait for each other.
    func keep(_ entries: [PreviousFiles.Entry]) {
        guard !entries.isEmpty else { return }
        guard let previous else { preconditionFailure("an output that keeps files is wrapped with the files it keeps (previous:)") }
        base.keep(entries)
        let terms = entries.map { VersionTerm(path: previous.order[$0.position], hash: $0.file.recordedHash) }
        state.withLock { state in
            for (entry, term) in zip(entries, terms) { state.keep(entry, at: previous.order[entry.position], term: term) }
        }
    }

    func recorded(_ relativePath: String) -> WrittenFile? { base.recorded(relativePath) }

    func distrust(_ relativePath: String) {
        let old = previous?[relativePath]
        state.withLock { state in
            if let removed = state.files.removeValue(forKey: relativePath) {
                state.sorted = nil
                state.isSorting = false
                state.version.subtract(VersionTerm(path: relativePath, hash: removed.recordedHash))
                if let old { state.stayed.unmark(old.position) }
            } else if let old, state.kept[old.position] {
                state.kept.unmark(old.position)
                state.sorted = nil
                state.isSorting = false
                state.version.subtract(VersionTerm(path: relativePath, hash: old.file.recordedHash))
                state.stayed.unmark(old.position)
            }
        }
        base.distrust(relativePath)
    }

    /// Every file so far, by site-relative path.
    var records: [String: WrittenFile] {
        state.withLock { state in previous.map { Self.allRecords(of: state, previous: $0) } ?? state.files }
    }

    /// The files written and the previous files kept, by path.
    private static func allRecords(of state: Records, previous: PreviousFiles) -> [String: WrittenFile] {
        var all = state.files
        all.reserveCapacity(state.count)
        for position in 0..<previous.count where state.kept[position] { all[previous.order[position]] = previous.record(at: position) }
        return all
    }

    /// How many of the files so far are the site's (not the build's own records).
    var siteFileCount: Int {
        state.withLock { state in
            var count = state.files.keys.count { !Self.isBuildRecord($0) }
            if let previous {
                for position in 0..<previous.count where state.kept[position] && !Self.isBuildRecord(previous.order[position]) { count += 1 }
            }
            return count
        }
    }

    /// The manifest's file lines (``BuildFingerprint/appendFileLine(_:_:to:)``) of every file so far,
    /// sorted by path: a kept file's line is copied from the previous manifest when it was read in order
    /// (``PreviousFiles/line(at:to:)``), any other spelled from its record.
    var manifestLines: [UInt8] {
        state.withLock { state in
            guard let previous, previous.hasLines, state.stayed.count + state.fresh.count == state.count else {
                let all = previous.map { Self.allRecords(of: state, previous: $0) } ?? state.files
                return BuildFingerprint.fileLines(of: all, sortedPaths: currentPaths(of: state))
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(previous.lineBytes + state.fresh.count * 128)
            // The places that stay in the previous order, merged with the new paths sorted.
            let fresh = state.fresh.sorted()
            var next = 0
            for position in 0..<previous.count where state.stayed[position] {
                let path = previous.order[position]
                while next < fresh.count, fresh[next] < path {
                    BuildFingerprint.appendFileLine(fresh[next], state.files[fresh[next]]!, to: &bytes)
                    next += 1
                }
                if state.kept[position] { previous.line(at: position, to: &bytes) } else {
                    BuildFingerprint.appendFileLine(path, state.files[path]!, to: &bytes)
                }
            }
            for path in fresh[next...] { BuildFingerprint.appendFileLine(path, state.files[path]!, to: &bytes) }
            return bytes
        }
    }

    /// Whether `path` is one of the build's own records (`.loupe/`), not a file of the site: not
    /// counted, not listed for offline use and not part of the site's version.
    static func isBuildRecord(_ path: String) -> Bool { path.hasPrefix(".") }

    /// Every path recorded so far, sorted (after ``site``, its sort and the paths recorded since merged).
    var paths: [String] { state.withLock { currentPaths(of: $0) } }

    /// Every path of `state`, sorted: its last sort with the paths added since merged in, or sorted now.
    private func currentPaths(of state: Records) -> [String] {
        guard let sorted = state.sorted else { return sortedPaths(of: state) }
        return Self.merge(sorted, state.added.sorted())
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

    /// Sorts the paths of a full build recorded so far outside the lock, so that ``site`` and
    /// ``manifestLines`` later merge in only the paths recorded since. A build calls it when its pages
    /// are written and the search index is not: at 100,000 cards, sorting 132,000 paths took 0.2 s at
    /// the build's end on one core; now it takes a core that waits for the index. An update (with the
    /// previous build's order) merges its paths anyway: nothing to do.
    func presort() {
        let taken: [String]? = state.withLock { state in
            guard previous == nil, state.sorted == nil, !state.isSorting else { return nil }
            state.isSorting = true
            state.added = []
            return Array(state.files.keys)
        }
        guard var paths = taken else { return }
        paths.sort()
        state.withLock { state in
            // A record dropped meanwhile (`distrust`) ended the sort: the paths are sorted again when asked for.
            guard state.isSorting else { return }
            state.isSorting = false
            state.sorted = paths
        }
    }

    /// The site's files so far (not the build's own records in `.loupe/`), sorted, and a version of
    /// them all: independent of the order files were written in.
    var site: (paths: [String], version: String) {
        // Sorted paths rather than a sorted copy of the records (132,000 at 100,000 cards).
        state.withLock { state in
            let all = currentPaths(of: state)
            state.sorted = all
            state.added = []
            return (all.filter { !Self.isBuildRecord($0) }, state.version.hex)
        }
    }

    /// The recorded hash of `data` at `path` (FNV-1a of its length, the path and the bytes).
    static func hash(_ data: Data, path: String) -> RecordedHex {
        data.withUnsafeBytes { hash($0, path: path) }
    }

    /// The recorded hash of `bytes` at `path` (FNV-1a of its length, the path and the bytes).
    static func hash(_ bytes: UnsafeRawBufferPointer, path: String) -> RecordedHex {
        var hash = FNV1a()
        hash.add("\(path.utf8.count):")
        hash.add(path)
        hash.add(bytes)
        let (high, low) = hash.lanes
        return RecordedHex(high: high, low: low)
    }
}
