import Deck
import Diagnostics
import Foundation
import Synchronization

/// The deck's parsed sections, kept between builds in the site's `.loupe/sections/` folder, one file
/// per chunk of card rows named by the SHA-256 of its rows' cells (``SectionChunkCoding``).
///
/// A one-card edit then parses the one chunk holding the card instead of every row. The files follow
/// the rules of ``SearchChunkFiles``: they go through the build's output, only an incremental build
/// (same executable, so the same parser) reads them, and only when the manifest lists the file with
/// its size and the hash of its bytes; a damaged file only costs time. Two chunks with the same rows
/// (a deck file copied beside another) share one file.
final class SectionChunkFiles: SectionChunkStore {
    /// Where the files go, relative to the site.
    static let folder = ".loupe/sections/"
    private let files: KeptChunkFiles
    /// Names already kept or written by this build.
    private let handled = Mutex<Set<ContentDigest>>([])
    /// Row snapshots being encoded and written.
    private let pending = DispatchGroup()

    init(output: HashingOutput, previousSite: URL?) {
        files = KeptChunkFiles(folder: Self.folder, output: output, previousSite: previousSite)
        rows = KeptChunkFiles(folder: Self.rowsFolder, output: output, previousSite: previousSite)
    }

    func chunk(named name: ContentDigest) -> [UInt8]? {
        guard let bytes = files.read(name.hex) else { return nil }
        handled.withLock { _ = $0.insert(name) }
        return bytes
    }

    func mappedChunk(named name: ContentDigest) -> FileBytes? {
        guard let bytes = files.map(name.hex) else { return nil }
        handled.withLock { _ = $0.insert(name) }
        return bytes
    }

    func keepChunk(named name: ContentDigest) -> Bool {
        if handled.withLock({ $0.contains(name) }) { return true }
        guard files.keep(name.hex) else { return false }
        handled.withLock { _ = $0.insert(name) }
        return true
    }

    func store(_ bytes: [UInt8], named name: ContentDigest) {
        guard handled.withLock({ $0.insert(name).inserted }) else { return }
        files.write(bytes, as: name.hex)
    }

    func previousChunk(named name: ContentDigest) -> [UInt8]? {
        files.readOnce(name.hex)
    }

    func rowSnapshot(for path: String) -> FileBytes? {
        rows.mapOnce(Self.snapshotName(for: path))
    }

    func storeRowSnapshot(_ bytes: [UInt8], for path: String) {
        rows.write(bytes, as: Self.snapshotName(for: path))
    }

    /// Encodes and writes the snapshot on another thread: 10,000 cards' records take about 10 ms that
    /// the deck's reading no longer waits for. ``finish()`` waits for it.
    func storeRowSnapshot(for path: String, encoding encode: @escaping @Sendable () -> [UInt8]) {
        let rows = self.rows, name = Self.snapshotName(for: path)
        DispatchQueue.global().async(group: pending) { rows.write(encode(), as: name) }
    }

    /// Waits until every row snapshot is written.
    func finish() { pending.wait() }

    /// Where the row snapshots (``RowSnapshot``) go, relative to the site: one per export, named by
    /// the SHA-256 of its path inside the content folder.
    static let rowsFolder = ".loupe/rows/"
    private let rows: KeptChunkFiles

    private static func snapshotName(for path: String) -> String {
        ContentHash.digest(Array(path.utf8)).hex
    }
}

/// Files a build keeps for the next one under `.loupe/`, named by their key's hash (``SearchChunkFiles``,
/// ``SectionChunkFiles``).
struct KeptChunkFiles: Sendable {
    /// The folder, relative to the site, ending in `/`.
    let folder: String
    let output: HashingOutput
    /// The site updated in place, or `nil` in a full build.
    let previousSite: URL?

    /// The bytes the previous build kept as `name`, now kept for the next build too; `nil` when there
    /// are none, or they are not the bytes the manifest recorded.
    func read(_ name: String) -> [UInt8]? {
        map(name)?.withBytes { Array($0) }
    }

    /// ``read(_:)``, the file mapped rather than read (``FileBytes``): the build replaces a kept file
    /// only by renaming a new one over it, so a mapping keeps the bytes it was checked with.
    func map(_ name: String) -> FileBytes? {
        let path = folder + name
        guard previousSite != nil, let record = output.reuse(path, digest: RecordedHex(name))?.file else { return nil }
        return checked(path, as: record)
    }

    /// The bytes the previous build kept as `name`, not kept for the next build; `nil` when there are
    /// none, or they are not the bytes the manifest recorded (then a file this build writes again under
    /// `name` is written even when its bytes are the recorded ones, not left altered).
    func readOnce(_ name: String) -> [UInt8]? {
        mapOnce(name)?.withBytes { Array($0) }
    }

    /// ``readOnce(_:)``, the file mapped rather than read (``FileBytes``; see ``map(_:)``).
    func mapOnce(_ name: String) -> FileBytes? {
        let path = folder + name
        guard previousSite != nil, let record = output.recorded(path) else { return nil }
        return checked(path, as: record)
    }

    /// The previous site's file at `path`, mapped, when it holds the size and hash `record` lists; else
    /// `nil`, and the file is written again rather than left altered. An unreadable kept file is made
    /// again, not reported.
    private func checked(_ path: String, as record: WrittenFile) -> FileBytes? {
        guard let previousSite, let bytes = FileBytes(mapping: previousSite.path + "/" + path), bytes.count == record.size,
              bytes.withBytes({ HashingOutput.hash(UnsafeRawBufferPointer($0), path: path) }) == record.recordedHash
        else {
            output.distrust(path)
            return nil
        }
        return bytes
    }

    /// Keeps the previous build's file `name` for the next build without reading it.
    func keep(_ name: String) -> Bool {
        guard previousSite != nil else { return false }
        return output.reuse(folder + name, digest: RecordedHex(name)) != nil
    }

    /// Writes `bytes` as `name`. Failing only costs the next build time, so it is not an error. The
    /// bytes are lent to the output, not copied: every output writes (or hashes) them before returning,
    /// and a merged search table is 50 MB at 100,000 cards.
    func write(_ bytes: [UInt8], as name: String) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            // Never written through: `Data` only asks for a mutable pointer.
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: raw.count, deallocator: .none)
            try? output.write(data, to: folder + name, digest: RecordedHex(name))
        }
        if bytes.isEmpty { try? output.write(Data(), to: folder + name, digest: RecordedHex(name)) }
    }
}
