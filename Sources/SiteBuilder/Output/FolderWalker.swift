#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks files of a site by site-relative path against the listings of their folders: each folder is
/// read once (`readdir`, which hands over each entry's name and kind in batches), and a file is then
/// found by its name in that listing.
///
/// A build with nothing changed, and an edit build, check that all 13,600 files of a 10,000-card site
/// are still there. Looking each one up (`fstatat` in its folder, opened once) took 29 ms at about
/// 2 µs a file; listing the site's 99 folders takes 7 ms. A listing tells a regular file from a link, a
/// folder or nothing, but not its size: a file the file system does not say the kind of
/// (`DT_UNKNOWN`, on some network and older file systems) is looked up with `fstatat`, not following a
/// last link, as `lstat` would, and must also have the size given. The folders on the way are opened
/// as `lstat` would walk them (a link to a folder is followed).
struct FolderWalker: ~Copyable {
    /// The site folder, or `-1` when it could not be opened (then nothing is present).
    private let site: Int32
    /// Every folder listed so far, by site-relative path without its final `/` (empty: the site).
    private var listings: [[UInt8]: FolderListing] = [:]
    /// The folder of the last path looked at, and its listing: a manifest lists a folder's files together.
    private var folder: [UInt8]?
    private var listing = FolderListing()
    /// A path being looked up by `fstatat`, NUL-terminated.
    private var scratch: [UInt8] = []
    /// Lists a site-relative folder of the site (``FolderListing/init(reading:in:)``; a test may say
    /// less about the entries).
    private let lister: ([UInt8], Int32) -> FolderListing

    /// A walker over the site open as `site` (not closed by the walker).
    init(site: Int32, lister: @escaping ([UInt8], Int32) -> FolderListing = FolderListing.init(reading:in:)) {
        self.site = site
        self.lister = lister
    }

    /// Whether the site-relative `path` (UTF-8, no NUL) is a regular file, not a link. Its size is only
    /// compared with `size` when its folder's listing does not say what kind of entry it is.
    mutating func isRegularFile(_ path: UnsafeBufferPointer<UInt8>, size: Int) -> Bool {
        guard site >= 0, let base = path.baseAddress else { return false }
        var nameStart = path.count
        while nameStart > 0 && base[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        let folderPath = UnsafeBufferPointer(rebasing: path[..<max(0, nameStart - 1)])
        let isSameFolder = folder.map { folder in
            folder.count == folderPath.count
                && (folder.isEmpty || folder.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, folder.count) == 0 })
        } ?? false
        if !isSameFolder {
            let key = Array(folderPath)
            if let known = listings[key] {
                listing = known
            } else {
                listing = lister(key, site)
                listings[key] = listing
            }
            folder = key
        }
        switch listing.kind(of: UnsafeBufferPointer(rebasing: path[nameStart...])) {
        case UInt8(DT_REG): return true
        case UInt8(DT_UNKNOWN): return isRegularFileByLookup(path, size: size)
        default: return false
        }
    }

    /// The stamp of every folder listed so far (``FolderStamps``), by its site-relative path; `nil` when
    /// one could not be taken.
    var stamps: [String: FolderStamps.Stamp]? {
        var stamps: [String: FolderStamps.Stamp] = [:]
        for (folder, listing) in listings {
            guard let stamp = listing.stamp else { return nil }
            stamps[String(decoding: folder, as: UTF8.self)] = stamp
        }
        return stamps
    }

    /// Whether the site-relative `path` is a regular file, not a link (as for its bytes, above).
    mutating func isRegularFile(_ path: String, size: Int) -> Bool {
        var path = path
        return path.withUTF8 { isRegularFile($0, size: size) }
    }

    /// `path` looked up in the site, as `lstat` would: a regular file of `size` bytes.
    private mutating func isRegularFileByLookup(_ path: UnsafeBufferPointer<UInt8>, size: Int) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: path)
        scratch.append(0)
        var info = stat()
        let found = scratch.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fstatat(site, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0 }
        }
        return found && WrittenFile.isRegularFile(info, size: size)
    }
}

/// The entries of one folder, by name: every name in one buffer, found through a table of their hashes
/// (sorting a folder's names to search them cost three times as much as listing it).
struct FolderListing {
    /// Every name, one after another.
    private var names: [UInt8] = []
    /// Each entry: where its name starts in `names`, how long it is, and its kind (`DT_REG`, `DT_LNK`,
    /// `DT_DIR`, …, or `DT_UNKNOWN`), in the order the folder listed them.
    private var entries: [(start: Int32, count: Int32, kind: UInt8)] = []
    /// Open addressing: each slot holds an entry's place plus one (0: empty), at its name's hash; at
    /// least twice as many slots as entries, a power of two.
    private var slots: [Int32] = []
    /// The folder's stamp, taken just before it was read; `nil` when it could not be read.
    private(set) var stamp: FolderStamps.Stamp?

    /// An empty listing: a folder that could not be read.
    init() {}

    /// The listing of `relativeFolder` (empty: the site itself) inside the folder open as `site`.
    init(reading relativeFolder: [UInt8], in site: Int32) {
        var path = relativeFolder.isEmpty ? Array(".".utf8) : relativeFolder
        path.append(0)
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { openat(site, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { return }
        var info = stat()
        if fstat(descriptor, &info) == 0 { stamp = FolderStamps.Stamp(info) }
        guard let stream = fdopendir(descriptor) else { close(descriptor); return }
        defer { closedir(stream) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(stream) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let length = strlen(name)
            // "." and ".." are never a site's files.
            if name[0] == UInt8(ascii: ".") && (length == 1 || length == 2 && name[1] == UInt8(ascii: ".")) { continue }
            entries.append((Int32(names.count), Int32(length), entry.pointee.d_type))
            names.append(contentsOf: UnsafeBufferPointer(start: name, count: length))
        }
        var size = 8
        while size < 2 * entries.count { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        names.withUnsafeBufferPointer { names in
            for (index, entry) in entries.enumerated() {
                var slot = Self.hash(UnsafeBufferPointer(rebasing: names[Int(entry.start)..<Int(entry.start + entry.count)])) & (size - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
                slots[slot] = Int32(index + 1)
            }
        }
    }

    /// The same names, every one of an unknown kind (`DT_UNKNOWN`), as some file systems list them.
    var withKindsUnknown: FolderListing {
        var listing = self
        for index in listing.entries.indices { listing.entries[index].kind = UInt8(DT_UNKNOWN) }
        return listing
    }

    /// How many entries the folder has.
    var count: Int { entries.count }

    /// The kind of the entry named `name`, or `nil` when there is none.
    func kind(of name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        return names.withUnsafeBufferPointer { names -> UInt8? in
            while slots[slot] != 0 {
                let entry = entries[Int(slots[slot]) - 1]
                if Int(entry.count) == name.count
                    && (name.isEmpty || memcmp(names.baseAddress! + Int(entry.start), name.baseAddress!, name.count) == 0) {
                    return entry.kind
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// The ``FNV1a`` hash of `bytes`, as a non-negative slot number before masking.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var digest = FNV1a()
        digest.add(UnsafeRawBufferPointer(bytes))
        return Int(truncatingIfNeeded: digest.lanes.0) & Int.max
    }
}
