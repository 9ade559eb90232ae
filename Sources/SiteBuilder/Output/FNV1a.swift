import Foundation

/// 64-bit FNV-1a, twice with different offsets for a 128-bit change detector (not cryptographic).
struct FNV1a {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x84222325_cbf29ce4
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    mutating func add(_ data: Data) { data.withUnsafeBytes { add($0) } }

    /// Mixes in an integer (8 bytes, little-endian): counts and tags without building a string.
    mutating func add(_ value: Int) { withUnsafeBytes(of: value.littleEndian) { add($0) } }

    /// Mixes in the bytes of the file at `path`, read 1 MiB at a time (a 2 GB video never sits in
    /// memory); returns its size, or `nil` when it cannot be opened.
    mutating func addFile(at path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var size = 0
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            add(chunk)
            size += chunk.count
        }
        return size
    }

    /// Mixes 8 bytes at a time (then the tail byte by byte): fast enough to fingerprint a large deck
    /// in a few milliseconds.
    mutating func add(_ raw: UnsafeRawBufferPointer) {
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

    var hex: String { String(a, radix: 16) + String(b, radix: 16) }
}
