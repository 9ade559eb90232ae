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

    /// The file at `path`, mapped; `nil` when it cannot be opened or mapped.
    public init?(mapping path: String) {
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
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        isMapped = true
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
