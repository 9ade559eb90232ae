import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on one output folder, held for a whole build: `.<name>.lock` beside it, locked
/// with `flock`. A second build into the same folder is refused at once instead of moving the
/// site aside under the first; the kernel releases the lock when the holder exits, even on kill -9
/// (the empty lock file then stays until the next build into that folder deletes it).
final class OutputLock {
    private let descriptor: Int32
    private let path: String

    /// Takes the lock for `destination`, or throws ``OutputError/busy(path:)`` when another build holds it.
    init(destination: URL) throws(OutputError) {
        let parent = destination.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw .cannotCreate(path: parent.path, reason: error.localizedDescription)
        }
        path = parent.appendingPathComponent("." + destination.lastPathComponent + ".lock").path
        // The holder deletes the lock file when done: a lock taken on a file that was deleted (or
        // replaced) meanwhile is not the lock, so take it again on the current file.
        var attempts = 0
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { throw .busy(path: destination.path) }
                throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
            }
            var held = stat(), current = stat()
            if fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                self.descriptor = descriptor
                return
            }
            close(descriptor)
            attempts += 1
            if attempts > 20 { throw .busy(path: destination.path) }
        }
    }

    /// Deletes the lock file while still holding the lock, then releases it.
    deinit {
        unlink(path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
