import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides whether a build may replace `--out`, on real paths (symbolic links resolved):
///
/// - never `/`, and never a folder that is, contains or lies inside the content or templates folder;
/// - never the working folder or the home folder, nor a folder containing either;
/// - an existing folder only when it is empty or carries Loupe's marker `.loupe/` from an earlier build.
enum OutputGuard {
    /// The marker folder every build writes into the site.
    static let marker = ".loupe"

    /// The real destination to write, or why not.
    static func destination(for options: BuildOptions) throws(OutputError) -> URL {
        let shown = options.output.relativePath
        // A relative path only becomes absolute against an existing working folder.
        for path in [options.output.path, options.content.path, options.templates.path] where !path.hasPrefix("/") {
            throw .workingFolderGone(path: path)
        }
        let real = realPath(ofPossiblyMissing: options.output.path)
        if real == "/" { throw .unsafeDestination(path: shown, reason: "it is the root folder") }
        var protected = [("working folder", FileManager.default.currentDirectoryPath)]
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { protected.append(("home folder", home)) }
        for (label, path) in protected {
            let other = realPath(ofPossiblyMissing: path)
            if real == other { throw .unsafeDestination(path: shown, reason: "it is the \(label)") }
            if isInside(other, real) { throw .unsafeDestination(path: shown, reason: "it contains the \(label) (\(other))") }
        }
        for (label, folder) in [("content", options.content), ("templates", options.templates)] {
            let other = realPath(ofPossiblyMissing: folder.path)
            if real == other { throw .unsafeDestination(path: shown, reason: "it is the \(label) folder") }
            if isInside(other, real) { throw .unsafeDestination(path: shown, reason: "it contains the \(label) folder (\(other))") }
            if isInside(real, other) { throw .unsafeDestination(path: shown, reason: "it lies inside the \(label) folder (\(other))") }
        }
        var info = stat()
        if lstat(real, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .unsafeDestination(path: shown, reason: "it is a file, not a folder") }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []
            var markerInfo = stat()
            let hasMarker = lstat(real + "/" + marker, &markerInfo) == 0 && (markerInfo.st_mode & S_IFMT) == S_IFDIR
            if !names.isEmpty && !hasMarker { throw .notLoupeOutput(path: shown) }
        }
        return URL(fileURLWithPath: real)
    }

    /// Whether real path `inner` lies strictly inside real path `outer`.
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner != outer && inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// The real path of `path`: the longest existing prefix resolved by `realpath`, the rest appended
    /// (with `.` and `..` applied to it).
    static func realPath(ofPossiblyMissing path: String) -> String {
        let absolute = URL(fileURLWithPath: path).path
        // Without a working folder a relative path stays relative, and its parents never reach `/`.
        guard absolute.hasPrefix("/") else { return absolute }
        var existing = absolute
        var tail: [String] = []
        while existing != "/" && !existing.isEmpty {
            if let real = ContentFolder.realPath(existing) { return join(real, tail) }
            let url = URL(fileURLWithPath: existing)
            tail.insert(url.lastPathComponent, at: 0)
            let parent = url.deletingLastPathComponent().path
            if parent == existing { break }
            existing = parent
        }
        return join("/", tail)
    }

    private static func join(_ base: String, _ tail: [String]) -> String {
        var parts = base.split(separator: "/").map(String.init)
        for part in tail {
            if part == "." || part.isEmpty { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
