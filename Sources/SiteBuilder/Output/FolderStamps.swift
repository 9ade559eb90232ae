import Foundation

/// The folders of a site as a build with nothing changed last found them, so the next one can tell
/// that every recorded file is still there from one `stat` of each folder instead of reading every
/// folder's listing (``RecordedBuild/isIntact(at:)``).
///
/// A folder's stamp is its device, inode, modification and change time. Creating, deleting or renaming
/// an entry of a folder (a page deleted, replaced by a link or by a folder) sets both times, and a
/// folder put in another's place has another inode; a file changed in place changes none of them, as
/// it changes nothing a listing shows. A stamp is recorded only when the folder had not changed for
/// two seconds before it was taken (and before the listings it vouches for were read): a change within
/// the times' resolution of the stamp could otherwise keep it.
struct FolderStamps: Equatable {
    /// Each folder's stamp by its path in the site (`""`: the site's own folder).
    var stamps: [String: String]

    /// How long a folder must have been left alone for its stamp to be recorded.
    static let settling: Double = 2

    /// The stamp of the folder `path` inside the site open as `site` (a link is not followed), with its
    /// change time in seconds; `nil` when it is not a folder there.
    static func stamp(of path: String, in site: Int32) -> (stamp: String, changed: Double)? {
        var info = stat()
        let found = path.isEmpty ? fstat(site, &info) : fstatat(site, path, &info, AT_SYMLINK_NOFOLLOW)
        guard found == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        let stamp = "\(info.st_dev)|\(info.st_ino)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        return (stamp, Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9)
    }

    /// Whether every folder still has its stamp.
    func match(in site: Int32) -> Bool {
        stamps.allSatisfy { path, stamp in Self.stamp(of: path, in: site)?.stamp == stamp }
    }

    /// The stamps of `folders` in the site open as `site` when every one of them is a folder that settled
    /// before `now`; `nil` otherwise.
    static func settled(_ folders: Set<String>, in site: Int32, now: Date) -> FolderStamps? {
        var stamps: [String: String] = [:]
        stamps.reserveCapacity(folders.count)
        for folder in folders {
            guard let (stamp, changed) = stamp(of: folder, in: site), now.timeIntervalSince1970 - changed > settling else { return nil }
            stamps[folder] = stamp
        }
        return FolderStamps(stamps: stamps)
    }

    /// The folder of the site path `path` (`""` for a file at the top).
    static func folder(of path: UnsafeBufferPointer<UInt8>) -> String {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: path[..<slash]), as: UTF8.self)
    }
}
