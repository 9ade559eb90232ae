import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file's identity on disk, as Git's index keeps it: a name, device, inode, size,
/// modification and change times. Any write to a file changes its change time, so a file with
/// the same identity as before has the same bytes; caches use it to skip reading unchanged files.
public struct FileIdentity: Sendable, Hashable {
    /// `name|device|inode|size|mtime|ctime` (times to the nanosecond).
    public let key: String
    /// Size in bytes.
    public let size: Int
    /// The change time, in seconds since 1970.
    public let changed: Double

    /// The identity of the regular file at `path` (links followed), keyed under `name` (by default
    /// the path); `nil` when it cannot be examined or is not a regular file.
    public init?(path: String, name: String? = nil) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        key = "\(name ?? path)|\(info.st_dev)|\(info.st_ino)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|"
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        size = Int(info.st_size)
        changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
    }
}
