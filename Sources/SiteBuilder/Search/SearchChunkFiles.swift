import Diagnostics
import Foundation
import SearchIndex

/// The search index's tokenised chunks, kept between builds in the site's `.loupe/search/` folder,
/// one file per chunk named by the SHA-256 of its key (every text its postings are made from).
///
/// A one-card edit then tokenises the one chunk holding the card instead of every document. The
/// files go through the build's output like any other file: an incremental build keeps the ones it
/// uses and deletes the rest at its commit, a full build writes them all. Only an incremental build
/// reads them (same executable, so the same tokeniser); `--force` and full builds never do. A file is
/// read only when the manifest lists it under its name with its size and the hash of its bytes, and
/// the chunk coding checks its form: a damaged or altered file only costs time (the chunk is
/// tokenised again), never a wrong index. Failing to keep a file only costs the next build time, so
/// it is not an error.
final class SearchChunkFiles: PostingChunkStore {
    /// Where the files go, relative to the site.
    static let folder = ".loupe/search/"
    private let files: KeptChunkFiles
    /// The previous build's merged table, read and decoded on another thread from the start when it
    /// is small; `nil` when there is none to read or it is read when asked for.
    private let merged: BackgroundValue<KeptMergedPostings?>?
    /// The merged table being encoded and written.
    private let pending = DispatchGroup()

    /// The store of a build into `output`; with `previousSite` (an incremental build), the previous
    /// build's merged table is read at once, while the content loads, up to ``prefetchedBytes``. A larger
    /// one (100,000 cards make 50 MB) is read when the index is built: held while the content loads, it
    /// would add to the build's peak memory.
    init(output: HashingOutput, previousSite: URL?) {
        let files = KeptChunkFiles(folder: Self.folder, output: output, previousSite: previousSite)
        self.files = files
        if previousSite != nil, let size = Self.recordedSize(in: output), size <= Self.prefetchedBytes {
            merged = BackgroundValue { Self.readMerged(from: files) }
        } else {
            merged = nil
        }
    }

    /// The size of the previous build's merged table, when it recorded its parts and no more than
    /// ``prefetchedBytes`` of them.
    private static func recordedSize(in output: HashingOutput) -> Int? {
        guard var size = output.recorded(folder + mergedName)?.size else { return nil }
        var part = 1
        while let file = output.recorded(folder + partName(part)) {
            size += file.size
            guard size <= prefetchedBytes else { return nil }
            part += 1
        }
        return size
    }

    /// The previous build's merged table, read part by part, not kept for the next build.
    private static func readMerged(from files: KeptChunkFiles) -> KeptMergedPostings? {
        guard let header = files.readOnce(mergedName), let count = KeptMergedPostings.partCount(header: header) else { return nil }
        var parts = [header]
        for part in stride(from: 1, through: count, by: 1) {
            guard let bytes = files.readOnce(partName(part)) else { return nil }
            parts.append(bytes)
        }
        return KeptMergedPostings(parts: parts)
    }

    /// The largest merged table read ahead.
    static let prefetchedBytes = 16 << 20

    func chunk(forKey key: [UInt8]) -> [UInt8]? { files.read(Self.name(of: key)) }

    func keepChunk(forKey key: [UInt8]) -> Bool { files.keep(Self.name(of: key)) }

    func keepChunk(forKey key: [UInt8], named name: ContentDigest) -> Bool { files.keep(name.hex) }

    func store(_ bytes: [UInt8], forKey key: [UInt8]) { files.write(bytes, as: Self.name(of: key)) }

    func previousChunk(named name: ContentDigest) -> [UInt8]? { files.readOnce(name.hex) }

    func previousMerged() -> KeptMergedPostings? {
        if let merged { return merged.value }
        return Self.readMerged(from: files)
    }

    /// Writes the parts on another thread, one after the other: no more than one part is held.
    func storeMerged(_ parts: MergedPostingParts) {
        let files = self.files
        DispatchQueue.global().async(group: pending) {
            files.write(parts.header, as: Self.mergedName)
            for part in stride(from: 1, through: parts.count, by: 1) { files.write(parts.bytes(ofPart: part), as: Self.partName(part)) }
        }
    }

    /// Waits until the merged table is written.
    func finish() { pending.wait() }

    /// The merged table's first file in ``folder`` (its counts and chunk names); its terms' postings, as
    /// the last build left them, follow in ``partName(_:)`` files.
    static let mergedName = "merged"

    /// The merged table's file holding part `number` (from 1).
    static func partName(_ number: Int) -> String { mergedName + "-\(number)" }

    /// Whether `path` (relative to the site) is one of the merged table's files.
    static func isMergedTable(_ path: String) -> Bool {
        path == folder + mergedName || path.hasPrefix(folder + mergedName + "-")
    }

    /// The hexadecimal SHA-256 of `key`.
    static func name(of key: [UInt8]) -> String {
        key.withUnsafeBytes { ContentHash.sha256($0) }
    }
}
