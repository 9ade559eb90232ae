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
    private enum Storage {
        case mapped(UnsafeBufferPointer<UInt8>)
        case held([UInt8])
    }

    private let storage: Storage

    /// The file at `path`, mapped (or read, where its file system cannot map it); `nil` when it is not a
    /// regular file or cannot be read. `maps: false` reads it as on such a file system (for tests).
    public init?(mapping path: String, maps: Bool = true) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        if maps, size > 0, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            storage = .mapped(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size))
            return
        }
        // Empty, or on a file system that cannot map files: read.
        var ignored = DiagnosticLog()
        guard let bytes = ContentFolder.readAll(descriptor, size: size, display: path, log: &ignored) else { return nil }
        storage = .held(bytes)
    }

    /// `bytes` themselves (for manifests made in memory, as tests do).
    public init(_ bytes: [UInt8]) {
        storage = .held(bytes)
    }

    deinit {
        if case .mapped(let buffer) = storage { munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress!), buffer.count) }
    }

    /// How many bytes there are.
    public var count: Int {
        switch storage {
        case .mapped(let buffer): buffer.count
        case .held(let bytes): bytes.count
        }
    }

    /// Calls `body` with the bytes, which stay valid until it returns (and no longer).
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .mapped(let buffer): try withExtendedLifetime(self) { try body(buffer) }
        case .held(let bytes): try bytes.withUnsafeBufferPointer(body)
        }
    }
}
