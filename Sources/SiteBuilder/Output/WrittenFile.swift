#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file of a built site as the build manifest records it: enough to tell, on the next build,
/// whether the file can stay as it is.
public struct WrittenFile: Codable, Equatable, Sendable {
    /// Size in bytes.
    public var size: Int
    /// A hash of the path and bytes (``HashingOutput/hash(_:path:)``).
    var recordedHash: RecordedHex
    /// For pages: the digest of everything the page was rendered from (``ContextDigest``).
    var recordedDigest: RecordedHex?

    /// A hash of the path and bytes, hex.
    public var hash: String { recordedHash.text }
    /// For pages: the digest of everything the page was rendered from, hex.
    public var digest: String? { recordedDigest?.text }

    /// A record.
    public init(size: Int, hash: String, digest: String? = nil) {
        self.init(size: size, hash: RecordedHex(hash), digest: digest.map(RecordedHex.init))
    }

    /// A record of hash and digest as recorded.
    init(size: Int, hash: RecordedHex, digest: RecordedHex?) {
        self.size = size
        recordedHash = hash
        recordedDigest = digest
    }

    private enum CodingKeys: String, CodingKey { case size, hash, digest }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(size: try container.decode(Int.self, forKey: .size), hash: try container.decode(String.self, forKey: .hash),
                  digest: try container.decodeIfPresent(String.self, forKey: .digest))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(hash, forKey: .hash)
        try container.encodeIfPresent(digest, forKey: .digest)
    }

    /// Whether `path` is still this file: a regular file (not a link) of the recorded size.
    func isPresent(at path: String) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0 && Self.isRegularFile(info, size: size)
    }

    /// Whether `relativePath` in the open folder `directory` is still this file (the folder's own path is
    /// not joined and walked again for each of 13,000 files).
    func isPresent(in directory: Int32, at relativePath: String) -> Bool {
        var info = stat()
        return relativePath.withCString { fstatat(directory, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0 && Self.isRegularFile(info, size: size)
    }

    /// Whether `relativePath` in the site at `sitePath`, open as `folder` (or `-1` when it could not be
    /// opened), is still this file.
    func isPresent(inSite folder: Int32, sitePath: String, at relativePath: String) -> Bool {
        folder >= 0 ? isPresent(in: folder, at: relativePath) : isPresent(at: sitePath + "/" + relativePath)
    }

    /// Whether `info` (not following a link) is that of a regular file of `size` bytes.
    static func isRegularFile(_ info: stat, size: Int) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) == size
    }
}
