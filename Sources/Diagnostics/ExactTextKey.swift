#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dictionary key made of texts compared byte for byte (not by Unicode canonical equivalence, which
/// is what `String` equality and hashing do, at many times the cost on non-ASCII text). Its hash is
/// taken once, when the key is made, so a key can be made outside a lock and looked up inside one
/// cheaply. For in-memory caches only: the hash is seeded per process.
public struct ExactTextKey: Hashable, Sendable {
    private let texts: [String?]
    private let digest: Int

    /// A key of `texts`, in order; `nil` differs from every text, the empty one included.
    public init(_ texts: [String?]) {
        self.texts = texts
        var hasher = Hasher()
        hasher.combine(texts.count)
        for text in texts {
            guard var text else { hasher.combine(-1); continue }
            text.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        }
        digest = hasher.finalize()
    }

    public static func == (lhs: ExactTextKey, rhs: ExactTextKey) -> Bool {
        guard lhs.digest == rhs.digest, lhs.texts.count == rhs.texts.count else { return false }
        for (left, right) in zip(lhs.texts, rhs.texts) {
            switch (left, right) {
            case (nil, nil): continue
            case (let left?, let right?): if !sameBytes(left, right) { return false }
            default: return false
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        var left = left, right = right
        return left.withUTF8 { a in
            right.withUTF8 { b in
                guard a.count == b.count else { return false }
                guard let first = a.baseAddress, let second = b.baseAddress else { return true }  // both empty
                return memcmp(first, second, a.count) == 0
            }
        }
    }
}
