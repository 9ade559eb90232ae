import CLibCrypto
import Foundation

/// SHA-256 content hashes, as lower-case hex: the names of cached image renditions and of the
/// search index's kept chunks. OpenSSL's implementation, which uses the CPU's SHA instructions.
public enum ContentHash {
    /// The SHA-256 of `bytes` as 64 lower-case hex digits.
    public static func sha256(_ bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &digest)
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: digest.count * 2) { out in
            for (index, byte) in digest.enumerated() {
                out[index * 2] = hex[Int(byte >> 4)]
                out[index * 2 + 1] = hex[Int(byte & 15)]
            }
            return digest.count * 2
        }
    }

    /// The SHA-256 of `data` as 64 lower-case hex digits.
    public static func sha256(_ data: Data) -> String { data.withUnsafeBytes { sha256($0) } }
}
