#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks files of a site by site-relative path, keeping the last folder it looked in open, so a
/// file is found by its name alone instead of by walking every folder of its path again.
///
/// A manifest lists paths in sorted order, so a folder's files come one after another: at 10,000 cards
/// each `lstat` of a full path walked six folders (the kernel's path lookup was most of a build with
/// nothing changed). Only the last part of a path is looked up without following a link, as `lstat`
/// does; the folders on the way are opened as `lstat` would walk them.
struct FolderWalker: ~Copyable {
    /// The site folder, or `-1` when it could not be opened (then nothing is present).
    private let site: Int32
    /// The folder of the last path looked at (site-relative, without its final `/`) and its descriptor.
    private var folder: [UInt8] = []
    private var folderDescriptor: Int32
    /// The name being looked up, NUL-terminated.
    private var name: [UInt8] = []

    /// A walker over the site open as `site` (not closed by the walker).
    init(site: Int32) {
        self.site = site
        folderDescriptor = site
    }

    deinit {
        if folderDescriptor != site, folderDescriptor >= 0 { close(folderDescriptor) }
    }

    /// Whether the site-relative `path` (UTF-8, no NUL) is a regular file, not a link, of `size` bytes.
    mutating func isRegularFile(_ path: UnsafeBufferPointer<UInt8>, size: Int) -> Bool {
        guard site >= 0, let base = path.baseAddress else { return false }
        var folderEnd = path.count
        while folderEnd > 0 && base[folderEnd - 1] != UInt8(ascii: "/") { folderEnd -= 1 }
        let nameStart = folderEnd
        folderEnd = max(0, folderEnd - 1)
        let isSameFolder = folder.count == folderEnd
            && (folderEnd == 0 || folder.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, folderEnd) == 0 })
        if !isSameFolder { enter(UnsafeBufferPointer(rebasing: path[..<folderEnd])) }
        guard folderDescriptor >= 0 else { return false }
        name.removeAll(keepingCapacity: true)
        name.append(contentsOf: UnsafeBufferPointer(rebasing: path[nameStart...]))
        name.append(0)
        var info = stat()
        let found = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fstatat(folderDescriptor, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        }
        return found && WrittenFile.isRegularFile(info, size: size)
    }

    /// Whether the site-relative `path` is a regular file, not a link, of `size` bytes.
    mutating func isRegularFile(_ path: String, size: Int) -> Bool {
        var path = path
        return path.withUTF8 { isRegularFile($0, size: size) }
    }

    private static let folderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC

    /// Opens `relativeFolder` (empty: the site itself) as the folder names are looked up in.
    private mutating func enter(_ relativeFolder: UnsafeBufferPointer<UInt8>) {
        if folderDescriptor != site, folderDescriptor >= 0 { close(folderDescriptor) }
        folder.removeAll(keepingCapacity: true)
        folder.append(contentsOf: relativeFolder)
        guard !folder.isEmpty else { folderDescriptor = site; return }
        var path = folder
        path.append(0)
        folderDescriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { openat(site, $0.baseAddress!, Self.folderFlags) }
        }
    }
}
