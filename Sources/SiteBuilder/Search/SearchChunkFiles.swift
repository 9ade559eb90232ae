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
        if previousSite != nil, let size = output.recorded(Self.folder + Self.mergedName)?.size, size <= Self.prefetchedBytes {
            merged = BackgroundValue { files.readOnce(Self.mergedName).flatMap(KeptMergedPostings.init) }
        } else {
            merged = nil
        }
    }

    /// The largest merged table read ahead.
    static let prefetchedBytes = 16 << 20

    func chunk(forKey key: [UInt8]) -> [UInt8]? { files.read(Self.name(of: key)) }

    func keepChunk(forKey key: [UInt8]) -> Bool { files.keep(Self.name(of: key)) }

    func store(_ bytes: [UInt8], forKey key: [UInt8]) { files.write(bytes, as: Self.name(of: key)) }

    func previousChunk(named name: ContentDigest) -> [UInt8]? { files.readOnce(name.hex) }

    func previousMerged() -> KeptMergedPostings? {
        if let merged { return merged.value }
        return files.readOnce(Self.mergedName).flatMap(KeptMergedPostings.init)
    }

    func storeMerged(encoding encode: @escaping @Sendable () -> [UInt8]) {
        let files = self.files
        DispatchQueue.global().async(group: pending) { files.write(encode(), as: Self.mergedName) }
    }

    /// Waits until the merged table is written.
    func finish() { pending.wait() }

    /// The merged table's file in ``folder``: every term's postings, as the last build left them.
    static let mergedName = "merged"

    /// The hexadecimal SHA-256 of `key`.
    static func name(of key: [UInt8]) -> String {
        key.withUnsafeBytes { ContentHash.sha256($0) }
    }
}
