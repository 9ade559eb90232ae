import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way Loupe lists folders and opens files of a content folder, so every reader follows the
/// same link rule: a symbolic link whose real target lies inside the content folder is followed
/// (files and folders alike), a link pointing outside it — or nowhere — is refused with a warning
/// naming it, and only regular files and folders are ever returned (no FIFOs, sockets or devices).
/// Hidden names (starting with `.`) are skipped.
public struct ContentFolder: Sendable {
    /// The content folder as given.
    public let root: URL
    /// Its real path (symbolic links resolved), or `nil` when it does not exist.
    public let realRoot: String?

    /// A folder entry that passed the link rule.
    public struct Entry: Sendable, Equatable {
        /// The entry's name in its folder.
        public var name: String
        /// The entry as reached through the folder (links are not replaced by their targets).
        public var url: URL
        /// How diagnostics name it (the listing's display path plus `/name`).
        public var display: String
        /// Whether it is a folder (after following an inside link).
        public var isDirectory: Bool
    }

    /// Creates a helper confined to `root` (a symlinked root is fine: its target is the folder).
    public init(root: URL) {
        self.root = root
        realRoot = Self.realPath(root.path)
    }

    /// The real path of `path`, or `nil` when it (or a link on the way) does not resolve.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the real path `real` is the content folder or lies inside it.
    public func contains(realPath real: String) -> Bool {
        guard let realRoot else { return false }
        return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// Whether `url` exists and is (after following an inside link) a folder inside the content folder.
    public func isDirectory(_ url: URL) -> Bool {
        guard let real = Self.realPath(url.path), contains(realPath: real) else { return false }
        var info = stat()
        return stat(real, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries of `directory` in name order. Links outside the content folder, broken links
    /// and special files are reported as warnings on `log` and left out. A folder that is itself
    /// outside the content folder (reached through a link) lists nothing.
    public func entries(of directory: URL, display: String, log: inout DiagnosticLog) -> [Entry] {
        guard let realDirectory = Self.realPath(directory.path), contains(realPath: realDirectory) else { return [] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var result: [Entry] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = directory.appendingPathComponent(name)
            let shown = display.isEmpty ? name : display + "/" + name
            guard let kind = kind(of: url.path, display: shown, log: &log) else { continue }
            result.append(Entry(name: name, url: url, display: shown, isDirectory: kind == S_IFDIR))
        }
        return result
    }

    /// Every regular file under `directory`, recursively, sorted by path relative to `directory`
    /// (`Entry.name` holds that relative path). Links inside the content folder are followed;
    /// a folder reached twice (a link cycle) is listed once.
    public func files(under directory: URL, display: String, log: inout DiagnosticLog) -> [Entry] {
        var visited = Set<String>()
        var result: [Entry] = []
        func walk(_ folder: URL, _ relative: String, _ shown: String) {
            guard let real = Self.realPath(folder.path), visited.insert(real).inserted else { return }
            for entry in entries(of: folder, display: shown, log: &log) {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.isDirectory {
                    walk(entry.url, path, entry.display)
                } else {
                    result.append(Entry(name: path, url: entry.url, display: entry.display, isDirectory: false))
                }
            }
        }
        walk(directory, "", display)
        return result.sorted { $0.name < $1.name }
    }

    /// Whether `url` is a regular file Loupe may read (inside the content folder after links), without reporting.
    public func isReadableFile(_ url: URL) -> Bool {
        var ignored = DiagnosticLog()
        return kind(of: url.path, display: "", log: &ignored) == S_IFREG
    }

    /// The bytes of the file at `url`, or `nil`: silently when it does not exist, with a warning when
    /// it is a link leading outside the content folder or not a regular file, with an error when it
    /// cannot be read.
    public func read(_ url: URL, display: String, log: inout DiagnosticLog) -> Data? {
        guard isRegularFile(url, display: display, log: &log) else { return nil }
        do { return try Data(contentsOf: url) } catch {
            log.error("cannot read this file (\(Self.reason(error))); check that it is readable", at: SourceLocation(path: display))
            return nil
        }
    }

    /// The bytes of the file at `url` read straight into an array, so a large deck export is not held
    /// twice (as `Data` and as its copy); same rules and messages as ``read(_:display:log:)``.
    public func readBytes(_ url: URL, display: String, log: inout DiagnosticLog) -> [UInt8]? {
        withOpenFile(url, display: display, log: &log) { descriptor, size, log in
            Self.readAll(descriptor, size: size, display: display, log: &log)
        } ?? nil
    }

    /// Runs `body` with the open file at `url` and its size, or returns `nil`: the same rules and
    /// messages as ``read(_:display:log:)``. The descriptor is closed when `body` returns.
    public func withOpenFile<T>(_ url: URL, display: String, log: inout DiagnosticLog,
                                _ body: (Int32, Int, inout DiagnosticLog) -> T) -> T? {
        guard isRegularFile(url, display: display, log: &log) else { return nil }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            log.error("cannot read this file (\(reason)); check that it is readable", at: SourceLocation(path: display))
            return nil
        }
        defer { close(descriptor) }
        return body(descriptor, max(Int(info.st_size), 0), &log)
    }

    /// Every byte of the file at `path`, read straight into an array, or `nil` when it cannot be read
    /// (without a diagnostic: for files a build keeps for itself). `size`, when known, sizes the array
    /// instead of the file's size on disk.
    public static func bytes(atPath path: String, size: Int? = nil) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat(), ignored = DiagnosticLog()
        guard let size = size ?? (fstat(descriptor, &info) == 0 ? Int(info.st_size) : nil) else { return nil }
        return readAll(descriptor, size: size, display: path, log: &ignored)
    }

    /// Every byte of the open file `descriptor` (about `size` bytes), or `nil` with an error in `log`.
    public static func readAll(_ descriptor: Int32, size: Int, display: String, log: inout DiagnosticLog) -> [UInt8]? {
        var failure: Int32 = 0
        func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var total = 0
            while total < buffer.count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno; break }
                if got == 0 { break }
                total += got
            }
            return total
        }
        // Sized from fstat, plus one byte that shows whether the file grew while being read.
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in count = fill(buffer) }
        while failure == 0 && bytes.count == bytes.capacity {
            let more = [UInt8](unsafeUninitializedCapacity: 1 << 16) { buffer, count in count = fill(buffer) }
            if more.isEmpty { break }
            bytes += more
        }
        guard failure == 0 else {
            log.error("cannot read this file (\(String(cString: strerror(failure)))); check that it is readable", at: SourceLocation(path: display))
            return nil
        }
        return bytes
    }

    /// Whether `url` exists (silently `false` when not) and is a regular file the link rule lets through.
    private func isRegularFile(_ url: URL, display: String, log: inout DiagnosticLog) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return false }
        guard let kind = kind(of: url.path, display: display, log: &log) else { return false }
        guard kind == S_IFREG else {
            log.warning("this is a folder, not a file; it is ignored", at: SourceLocation(path: display))
            return false
        }
        return true
    }

    /// `S_IFREG` or `S_IFDIR` for a usable entry; `nil` (with a warning) for a refused one.
    private func kind(of path: String, display: String, log: inout DiagnosticLog) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let location = SourceLocation(path: display)
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard let real = Self.realPath(path), stat(real, &info) == 0 else {
                log.warning("this link leads nowhere (broken symbolic link); it is ignored", at: location)
                return nil
            }
            guard contains(realPath: real) else {
                log.warning("this link leads outside the content folder (to \(real)); it is ignored — copy the file into the content folder to publish it",
                            at: location)
                return nil
            }
        } else if let real = Self.realPath(path), !contains(realPath: real) {
            // Reached through a linked parent folder that leads outside.
            log.warning("this file lies outside the content folder (\(real)); it is ignored", at: location)
            return nil
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else {
            log.warning("not a regular file or folder; it is ignored", at: location)
            return nil
        }
        return type
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
