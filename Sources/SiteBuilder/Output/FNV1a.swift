import Diagnostics
import Dispatch
import Foundation
import Synchronization

/// 64-bit FNV-1a, twice with different offsets for a 128-bit change detector (not cryptographic).
struct FNV1a {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x84222325_cbf29ce4
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ text: String) {
        // A native string's bytes are read in place: a mutable copy for `withUTF8` cost a retain and a
        // release of its storage, per text of every card.
        if text.utf8.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) == nil {
            var text = text
            text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        }
    }

    mutating func add(_ data: Data) { data.withUnsafeBytes { add($0) } }

    /// Mixes in an integer (8 bytes, little-endian): counts and tags without building a string.
    mutating func add(_ value: Int) { withUnsafeBytes(of: value.littleEndian) { add($0) } }

    /// Mixes in the bytes of the file at `path`, read 1 MiB at a time (a 2 GB video never sits in
    /// memory); returns its size, or `nil` when it cannot be opened or read. Plain `read(2)` into one
    /// buffer: `FileHandle.read(upToCount:)` reads 4 KiB per system call (9,000 calls for a 35 MB deck).
    mutating func addFile(at path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= Self.parallelFileBytes,
           let size = addPieces(of: descriptor, size: Int(info.st_size)) {
            return size
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { buffer.deallocate() }
        var size = 0, filled = 0
        while true {
            // Whole 1 MiB chunks whatever the file system's short reads: the hash depends on them.
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            filled += count
            if filled == buffer.count || count == 0 {
                add(UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
                size += filled
                filled = 0
            }
            if count == 0 { return size }
        }
    }

    /// A file from this size on is hashed on every core (``addPieces(of:size:)``): an export saved just
    /// before a build (36 MB at 10,000 cards) was read and hashed on one core before anything else began.
    static let parallelFileBytes = 4 << 20

    /// What ``addFile(at:)`` mixes in for the regular file open as `descriptor`, of `size` bytes: each
    /// whole 1 MiB piece's ``BlockHash`` read and taken on every core, then mixed in order (the same value
    /// as reading them one after the other). `nil`, with nothing mixed in, when the file does not read as
    /// `size` bytes (it changed meanwhile): the caller reads it again as a stream.
    private mutating func addPieces(of descriptor: Int32, size: Int) -> Int? {
        let piece = 1 << 20
        let count = (size + piece - 1) / piece
        // Each piece's digest, or (a last piece under 256 bytes) its bytes, as ``add(_:)`` takes them.
        var digests = [ContentDigest?](repeating: nil, count: count)
        let failed = Atomic<Bool>(false)
        var tail: [UInt8] = []
        let lastLength = size - (count - 1) * piece
        if lastLength < 256 {
            tail = [UInt8](repeating: 0, count: lastLength)
            let complete = tail.withUnsafeMutableBytes { PositionedRead.fill($0, from: descriptor, at: (count - 1) * piece) }
            if !complete { return nil }
        }
        let workers = min(count, ProcessInfo.processInfo.activeProcessorCount)
        digests.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 8)
                defer { buffer.deallocate() }
                for index in stride(from: worker, to: count, by: workers) where !failed.load(ordering: .relaxed) {
                    let length = min(piece, size - index * piece)
                    if length < 256 { continue }  // the tail, read above
                    let bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[..<length])
                    guard PositionedRead.fill(bytes, from: descriptor, at: index * piece) else {
                        failed.store(true, ordering: .relaxed)
                        return
                    }
                    slots[index] = BlockHash.digest(UnsafeRawBufferPointer(bytes))
                }
            }
        }
        // Nothing past the size the file had: it did not grow while it was read.
        var extra: UInt8 = 0
        guard !failed.load(ordering: .relaxed), pread(descriptor, &extra, 1, off_t(size)) == 0 else { return nil }
        for index in 0..<count {
            if let digest = digests[index] {
                withUnsafeBytes(of: digest) { addWords($0) }
            } else {
                tail.withUnsafeBytes { addWords($0) }
            }
        }
        return size
    }

    /// Mixes 8 bytes at a time (then the tail byte by byte); 256 bytes or more (a page, a kept chunk, a
    /// 36 MB deck piece by piece) as their ``BlockHash``, whose four independent lanes take 32 bytes in
    /// the time FNV-1a's two take 8.
    mutating func add(_ raw: UnsafeRawBufferPointer) {
        if raw.count >= 256 {
            withUnsafeBytes(of: BlockHash.digest(raw)) { addWords($0) }
        } else {
            addWords(raw)
        }
    }

    private mutating func addWords(_ raw: UnsafeRawBufferPointer) {
        var a = self.a, b = self.b
        let words = raw.count / 8
        for index in 0..<words {
            let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            a = (a ^ word) &* Self.prime
            a ^= a >> 29
            b = (b ^ (word &+ 0x9E37_79B9_7F4A_7C15)) &* Self.prime
            b ^= b >> 31
        }
        for byte in raw[(words * 8)...] {
            a = (a ^ UInt64(byte)) &* Self.prime
            b = (b ^ UInt64(byte ^ 0x5A)) &* Self.prime
        }
        self.a = a
        self.b = b
    }

    /// The two lanes.
    var lanes: (UInt64, UInt64) { (a, b) }

    /// The two lanes as the value a build records (``RecordedHex``), without spelling its digits.
    var recorded: RecordedHex { RecordedHex(high: a, low: b) }

    /// Mixes in a recorded digest: its two words, or its text when it is not 32 hex digits.
    mutating func add(_ digest: RecordedHex) {
        if let (high, low) = digest.words {
            add(Int(truncatingIfNeeded: high))
            add(Int(truncatingIfNeeded: low))
        } else {
            add(digest.text)
        }
    }

    /// The two lanes as 32 hexadecimal digits (fixed width, so two hashes never read alike): the text
    /// of the ``RecordedHex`` a build records for them.
    var hex: String { RecordedHex(high: a, low: b).text }
}
