import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Updates the previous site in place, changing only the files whose bytes (or, for pages, whose
/// inputs) changed since the build recorded in `previous`.
///
/// Nothing in the site is touched until ``commit(manifest:)``: changed files are first written into
/// a staging folder beside the site (``StagedOutput``), so a build that fails leaves the previous site
/// as it was. The commit first removes the manifest (so a build killed half-way is followed by a full
/// build, never by a wrong reuse), then renames each changed file over the old one (each file is
/// either the old or the new version at any moment), deletes files no longer produced, and finally
/// writes the new manifest.
final class IncrementalOutput: SiteOutput, Sendable {
    /// The site being updated.
    let destination: URL
    /// `destination`'s path, made once: `URL.path` for each of 10,000 kept files was a tenth of an edit.
    private let destinationPath: String
    /// `destination` opened once, to check each kept file relative to it.
    private let destinationFolder: Int32
    private let previous: PreviousFiles
    /// Which previous files are still there as recorded, checked on another thread as soon as the build
    /// starts (the site's folders listed: ``FolderWalker``) while the content loads, where a core is
    /// often idle, instead of while the pages are made, where both are busy.
    private let presence: BackgroundValue<PositionMarks>
    private let pending: StagedOutput
    /// The previous files left as they are (by their place in the previous order), files staged to
    /// replace the old ones, and old files found altered.
    private let state: Mutex<(kept: PositionMarks, changed: Set<String>, distrusted: Set<String>)>

    /// An output updating the site at `destination`, whose manifest listed `previous`. Call it while
    /// holding the destination's ``OutputLock``.
    init(destination: URL, previous: PreviousFiles) throws(OutputError) {
        self.destination = destination.standardizedFileURL
        destinationPath = self.destination.path
        self.previous = previous
        let folder = open(destinationPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC), sitePath = destinationPath
        destinationFolder = folder
        presence = BackgroundValue { previous.presence(inFolder: folder, sitePath: sitePath) }
        pending = try StagedOutput(destination: destination)
        state = Mutex((PositionMarks(size: previous.count), [], []))
    }

    func write(_ data: Data, to relativePath: String) throws(OutputError) {
        if let old = previous[relativePath], old.file.size == data.count, old.file.recordedHash == HashingOutput.hash(data, path: relativePath),
           !state.withLock({ $0.distrusted.contains(relativePath) }), presence.value[old.position] {
            state.withLock { $0.kept.mark(old.position) }
            return
        }
        try pending.write(data, to: relativePath)
        state.withLock { _ = $0.changed.insert(relativePath) }
    }

    func keepable(_ relativePath: String, digest: RecordedHex) -> PreviousFiles.Entry? {
        guard let old = previous[relativePath], old.file.recordedDigest == digest, presence.value[old.position] else { return nil }
        return old
    }

    func keep(_ entries: [PreviousFiles.Entry]) {
        guard !entries.isEmpty else { return }
        state.withLock { state in
            for entry in entries { state.kept.mark(entry.position) }
        }
    }

    deinit {
        // The presence check may still be reading the folder.
        _ = presence.value
        if destinationFolder >= 0 { close(destinationFolder) }
    }

    /// Checked now, not with the others: a file read once early in the build (the row snapshot).
    func recorded(_ relativePath: String) -> WrittenFile? {
        guard let old = previous[relativePath],
              old.file.isPresent(inSite: destinationFolder, sitePath: destinationPath, at: relativePath) else { return nil }
        return old.file
    }

    func distrust(_ relativePath: String) {
        let position = previous[relativePath]?.position
        state.withLock { state in
            if let position { state.kept.unmark(position) }
            state.distrusted.insert(relativePath)
        }
    }

    /// Applies the changes to the site, then writes `manifest` at `manifestPath`; returns the number of
    /// files written or deleted.
    @discardableResult
    func commit(manifest: Data, at manifestPath: String) throws(OutputError) -> Int {
        let site = destinationPath
        // The previous files neither kept nor written again, read off the marks in their sorted order.
        let (changed, removed) = state.withLock { state in
            (state.changed.sorted(), state.kept.select(previous.order, marked: false).filter { !state.changed.contains($0) })
        }
        unlink(site + "/" + manifestPath)
        let staging = pending.stagingPath
        // Each folder is made once: after a template change every page is changed, and asking
        // `FileManager` for each page's folder again was most of the commit.
        var folders = Set<String>()
        for path in changed {
            let target = site + "/" + path
            let folder = (target as NSString).deletingLastPathComponent
            if folders.insert(folder).inserted {
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                    throw .cannotCreate(path: target, reason: error.localizedDescription)
                }
            }
            guard rename(staging + "/" + path, target) == 0 else {
                throw .cannotWrite(path: target, reason: String(cString: strerror(errno)))
            }
        }
        for path in removed {
            unlink(site + "/" + path)
            // Remove folders left empty, as a full build would not have them.
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty, rmdir(site + "/" + folder) == 0 {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        try pending.write(manifest, to: manifestPath)
        try? FileManager.default.createDirectory(atPath: site + "/" + (manifestPath as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        guard rename(staging + "/" + manifestPath, site + "/" + manifestPath) == 0 else {
            throw .cannotWrite(path: site + "/" + manifestPath, reason: String(cString: strerror(errno)))
        }
        pending.discard()
        return changed.count + removed.count
    }

    /// Removes the staged changes, leaving the site untouched.
    func discard() { pending.discard() }
}
