#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file the build itself wrote and replaces only by renaming (the site's manifest),
/// mapped read-only instead of read into fresh memory.
///
/// Reading a 2 MB manifest into an array faulted in and zeroed some 480 fresh pages before copying into
/// them: a tenth of a build with nothing changed on a host where a page fault costs microseconds. A
/// mapping shares the page cache's pages, faulted in 16 at a time. Only for files never truncated in
/// place while mapped (a truncated mapped file would take its pages away from the reader): an
/// export a user edits is read, not mapped.
public final class FileBytes: @unchecked Sendable {
    private let buffer: UnsafeBufferPointer<UInt8>
    private let isMapped: Bool

    /// The file at `path`, mapped (or read, where its file system cannot map it); `nil` when it is not a
    /// regular file or cannot be read. `maps: false` reads it as on such a file system (for tests).
    public init?(mapping path: String, maps: Bool = true) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else {
            buffer = UnsafeBufferPointer(start: nil, count: 0)
            isMapped = false
            return
        }
        if maps, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
            isMapped = true
            return
        }
        // A file system that cannot map files: read instead.
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
        var done = 0
        while done < size {
            let got = pread(descriptor, copy.baseAddress! + done, size - done, off_t(done))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { copy.deallocate(); return nil }
            done += got
        }
        buffer = UnsafeBufferPointer(copy)
        isMapped = false
    }

    /// A copy of `bytes` (for manifests made in memory, as tests do).
    public init(copying bytes: some Collection<UInt8>) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        buffer = UnsafeBufferPointer(copy)
        isMapped = false
    }

    deinit {
        guard let base = buffer.baseAddress else { return }
        if isMapped { munmap(UnsafeMutableRawPointer(mutating: base), buffer.count) } else { base.deallocate() }
    }

    /// How many bytes there are.
    public var count: Int { buffer.count }

    /// Calls `body` with the bytes, which stay valid until it returns (and no longer).
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(buffer) }
    }
}
