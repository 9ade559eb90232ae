import Foundation

/// The folders of a site as a build with nothing changed last found them, so the next one can tell
/// that every recorded file is still there from one `stat` of each folder instead of reading every
/// folder's listing (``RecordedBuild/isIntact(at:now:settled:)``).
///
/// A folder's stamp is its device, inode, modification and change time, taken by its listing just
/// before it is read (``FolderListing``). Creating, deleting or renaming an entry of a folder (a page
/// deleted, replaced by a link or by a folder) sets both times, and a folder put in another's place has
/// another inode; a file changed in place changes none of them, as it changes nothing a listing shows.
/// Stamps are recorded only when every folder had not changed for two seconds: a change within the
/// times' resolution of a stamp could otherwise keep it.
struct FolderStamps: Equatable {
    /// Each folder's stamp by its path in the site (`""`: the site's own folder).
    var stamps: [String: String]

    /// How long a folder must have been left alone for its stamp to be recorded.
    static let settling: Double = 2

    /// One folder's stamp, and its change time in seconds.
    struct Stamp: Equatable {
        var text: String
        var changed: Double

        /// The stamp of what `info` describes; `nil` when it is not a folder.
        init?(_ info: stat) {
            guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
            text = "\(info.st_dev)|\(info.st_ino)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
            changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
        }
    }

    /// Whether every folder, found as its listing opens it, still has its stamp.
    func match(in site: Int32) -> Bool {
        stamps.allSatisfy { path, stamp in
            var info = stat()
            guard (path.isEmpty ? fstat(site, &info) : fstatat(site, path, &info, 0)) == 0 else { return false }
            return Stamp(info)?.text == stamp
        }
    }

    /// The stamps of the folders `taken` when every one of them had settled by `now`; `nil` otherwise.
    static func settled(_ taken: [String: Stamp], now: Date) -> FolderStamps? {
        guard taken.values.allSatisfy({ now.timeIntervalSince1970 - $0.changed > settling }) else { return nil }
        return FolderStamps(stamps: taken.mapValues(\.text))
    }
}
