import CLibCrypto
import Foundation

/// SHA-256 content hashes: the names of cached image renditions and of the chunks a build keeps for
/// the next one. OpenSSL's implementation, which uses the CPU's SHA instructions.
public enum ContentHash {
    /// The SHA-256 of `bytes` as 64 lower-case hex digits.
    public static func sha256(_ bytes: UnsafeRawBufferPointer) -> String {
        digest(bytes).hex
    }

    /// The SHA-256 of `data` as 64 lower-case hex digits.
    public static func sha256(_ data: Data) -> String { data.withUnsafeBytes { sha256($0) } }

    /// The SHA-256 of `bytes`.
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> ContentDigest {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { out in
            _ = SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                       out.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return ContentDigest(words.0, words.1, words.2, words.3)
    }

    /// The SHA-256 of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> ContentDigest {
        bytes.withUnsafeBytes { digest($0) }
    }
}

/// A SHA-256 digest held as four words (a cheap dictionary key), in the digest's byte order.
public struct ContentDigest: Hashable, Sendable {
    private let a: UInt64, b: UInt64, c: UInt64, d: UInt64

    init(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }

    /// The digest whose 32 bytes are `bytes` (as ``bytes`` gives them); `nil` for any other count.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 32 else { return nil }
        self.init(bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                  bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    }

    /// The digest's first eight bytes as a little-endian number.
    public var leadingWord: UInt64 { UInt64(littleEndian: a) }

    /// The digest's 32 bytes.
    public var bytes: [UInt8] {
        withUnsafeBytes(of: (a, b, c, d)) { Array($0) }
    }

    /// The digest as 64 lower-case hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        let raw = bytes
        return String(unsafeUninitializedCapacity: 64) { out in
            for (index, byte) in raw.enumerated() {
                out[index * 2] = digits[Int(byte >> 4)]
                out[index * 2 + 1] = digits[Int(byte & 15)]
            }
            return 64
        }
    }
}
