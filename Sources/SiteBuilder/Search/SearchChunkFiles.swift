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
struct SearchChunkFiles: PostingChunkStore {
    /// Where the files go, relative to the site.
    static let folder = ".loupe/search/"
    private let files: KeptChunkFiles

    init(output: HashingOutput, previousSite: URL?) {
        files = KeptChunkFiles(folder: Self.folder, output: output, previousSite: previousSite)
    }

    func chunk(forKey key: [UInt8]) -> [UInt8]? { files.read(Self.name(of: key)) }

    func keepChunk(forKey key: [UInt8]) -> Bool { files.keep(Self.name(of: key)) }

    func store(_ bytes: [UInt8], forKey key: [UInt8]) { files.write(bytes, as: Self.name(of: key)) }

    /// The hexadecimal SHA-256 of `key`.
    static func name(of key: [UInt8]) -> String {
        key.withUnsafeBytes { ContentHash.sha256($0) }
    }
}
