import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders recursively and calls `onChange` (on its own thread) after files change:
/// Linux inotify when available, otherwise polling every file's size and modification time.
///
/// Hidden files and folders (editor swap files, `.git`) and the `excluding` folders (the site
/// being written) are ignored.
final class FolderWatcher: @unchecked Sendable {
    private let folders: [URL]
    private let excluded: [String]
    private let onChange: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false
    private var thread: Thread?

    /// How the watcher learns of changes.
    enum Mechanism: String, Sendable { case inotify, polling }

    /// The mechanism in use once started.
    private(set) var mechanism: Mechanism = .polling

    init(folders: [URL], excluding: [URL], onChange: @escaping @Sendable () -> Void) {
        self.folders = folders.map { $0.standardizedFileURL }
        self.excluded = excluding.map { $0.standardizedFileURL.path }
        self.onChange = onChange
    }

    /// Starts watching on a background thread.
    func start(forcePolling: Bool = false) {
        #if canImport(Glibc)
        if !forcePolling, let inotify = Inotify(paths: directories(), isIgnored: isIgnored) {
            mechanism = .inotify
            spawn { [self] in inotify.run(until: { self.isStopped }, onChange: self.onChange, rescan: { self.directories() }) }
            return
        }
        #endif
        mechanism = .polling
        spawn { [self] in poll() }
    }

    /// Stops watching (within a fraction of a second).
    func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "loupe-watch"
        self.thread = thread
        thread.start()
    }

    private func isIgnored(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix(".") || name.hasSuffix("~") { return true }
        return excluded.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Every watched folder and its non-ignored subfolders.
    func directories() -> [String] {
        var result: [String] = []
        for folder in folders where FileManager.default.fileExists(atPath: folder.path) {
            result.append(folder.path)
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in enumerator {
                let path = url.standardizedFileURL.path
                if isIgnored(path) { enumerator.skipDescendants(); continue }
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { result.append(path) }
            }
        }
        return result
    }

    /// Size and modification time of every non-ignored file, for polling.
    private func state() -> [String: String] {
        var result: [String: String] = [:]
        for folder in directories() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                guard !isIgnored(path), let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
                result[path] = "\(attributes[.size] ?? 0)|\(attributes[.modificationDate] ?? "")"
            }
        }
        return result
    }

    private func poll() {
        var last = state()
        while !isStopped {
            Thread.sleep(forTimeInterval: 0.25)
            let now = state()
            if now != last { last = now; onChange() }
        }
    }
}

#if canImport(Glibc)
/// A Linux inotify instance watching a set of folders (inotify is not recursive: every folder gets
/// its own watch, and folders created later are added when they appear).
private final class Inotify: @unchecked Sendable {
    private let descriptor: Int32
    private var watched = Set<String>()
    private var folderOf: [Int32: String] = [:]
    private let isIgnored: (String) -> Bool
    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                                     | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    init?(paths: [String], isIgnored: @escaping (String) -> Bool) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.isIgnored = isIgnored
        add(paths)
        if watched.isEmpty && !paths.isEmpty { close(descriptor); return nil }
    }

    deinit { close(descriptor) }

    private func add(_ paths: [String]) {
        for path in paths where !watched.contains(path) {
            let watch = inotify_add_watch(descriptor, path, Self.mask)
            if watch >= 0 { watched.insert(path); folderOf[watch] = path }
        }
    }

    /// Waits for events (checking `until` every 200 ms); calls `onChange` once per batch of events
    /// that touch something not ignored, after adding watches for new folders.
    ///
    /// A file being written holds the change back until it is closed: a program that saves by
    /// truncating the file and then writing it (a script building a 36 MB export in memory first)
    /// left it empty for 50 ms, and the build in between reported "the file is empty" on every save.
    /// A file modified and not closed (written through a mapping, or by `truncate`) holds it back
    /// no longer than ``writeQuietPeriod`` after its last change.
    func run(until stop: () -> Bool, onChange: () -> Void, rescan: () -> [String]) {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var writes = OpenWrites(quietPeriod: Self.writeQuietPeriod)
        var held = false
        while !stop() {
            poller.revents = 0
            // While a change is held, wake often enough to release it soon after the quiet period.
            let ready = poll(&poller, 1, held ? 20 : 200)
            if ready > 0, case let count = read(descriptor, buffer, size), count > 0 {
                var offset = 0
                var newFolder = false
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameLength = Int(event.len)
                    var name = ""
                    if nameLength > 0 {
                        let start = buffer.advanced(by: offset + headerSize).assumingMemoryBound(to: CChar.self)
                        name = String(cString: start)
                    }
                    let folder = folderOf[event.wd] ?? ""
                    if event.mask & UInt32(IN_IGNORED) != 0 {
                        // The folder went away: forget its watch so a folder made again at that path is watched anew.
                        watched.remove(folder)
                        folderOf[event.wd] = nil
                        newFolder = true
                    }
                    let path = name.isEmpty ? folder : folder + "/" + name
                    if !isIgnored(path) {
                        held = true
                        if event.mask & UInt32(IN_ISDIR) == 0 { writes.note(event.mask, path: path) }
                    }
                    if event.mask & UInt32(IN_ISDIR) != 0 { newFolder = true }
                    offset += headerSize + nameLength
                }
                if newFolder { add(rescan()) }
            }
            if held && writes.areSettled(at: .now) {
                held = false
                onChange()
            }
        }
    }

    /// How long a file modified and not closed holds a change back after its last modification.
    static let writeQuietPeriod: Duration = .seconds(1)
}

/// The files being written, from their inotify events: a file is open for writing from a modification
/// until it is closed (`IN_CLOSE_WRITE`), removed or renamed away.
struct OpenWrites {
    let quietPeriod: Duration
    /// Each file modified and not yet closed, with the time of its last modification.
    private(set) var open: [String: ContinuousClock.Instant] = [:]

    init(quietPeriod: Duration) {
        self.quietPeriod = quietPeriod
    }

    /// Takes one event (`mask`) on the file at `path`.
    mutating func note(_ mask: UInt32, path: String, at now: ContinuousClock.Instant = .now) {
        if mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            open[path] = nil
        } else if mask & UInt32(IN_MODIFY) != 0 {
            open[path] = now
        }
    }

    /// Whether every file written has been closed, or left alone for the quiet period.
    func areSettled(at now: ContinuousClock.Instant) -> Bool {
        open.values.allSatisfy { now - $0 >= quietPeriod }
    }
}
#endif
