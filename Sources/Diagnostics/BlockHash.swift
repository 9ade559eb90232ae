/// A fast 256-bit digest of bytes that change by accident: the row snapshot's blocks (every byte of a
/// 36 MB export on every edit build) and the build's input fingerprint (``BlockHash/digest(_:)``).
///
/// Four lanes, each taking its own 8-byte word of every 32 bytes: xor, multiply by an odd constant,
/// xor-shift. For a given word each step is a bijection of its lane, so two inputs of the same length
/// that differ in one word (a flipped bit, a changed letter) always part. The tail
/// (under 32 bytes) goes word by word, then byte by byte, into lanes in turn; the length is mixed in and
/// each lane finished with MurmurHash3's 64-bit avalanche. The four lanes run side by side: 6.6 GB/s
/// over a 36 MB deck in memory, against 2.3 GB/s when every lane took the same word and 1.2 GB/s for
/// OpenSSL's SHA-256 with the CPU's SHA instructions. It guards against accidental change, not against
/// a forger.
public enum BlockHash {
    /// The digest of `bytes`.
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> ContentDigest {
        var stream = Stream()
        stream.add(bytes)
        return stream.digest
    }

    /// The digest of bytes given in pieces: the same as ``BlockHash/digest(_:)`` of them all. A reader can
    /// hash a 500 KB block through a 64 KB buffer that stays in the processor's cache (a buffer of the
    /// block's size left it, and copying into it took three times as long).
    public struct Stream {
        private var lanes = Lanes()
        private var count = 0
        private var isFinished = false

        /// An empty stream.
        public init() {}

        /// Adds `bytes`: a multiple of 32 bytes, or the last piece.
        public mutating func add(_ bytes: UnsafeRawBufferPointer) {
            precondition(!isFinished, "only the last piece may be other than a multiple of 32 bytes")
            count += bytes.count
            // A local copy, kept in registers through the loop.
            var lanes = self.lanes
            defer { self.lanes = lanes }
            let blocks = bytes.count / 32
            for block in 0..<blocks {
                for lane in 0..<4 { lanes.add(bytes.loadUnaligned(fromByteOffset: block * 32 + lane * 8, as: UInt64.self), to: lane) }
            }
            guard blocks * 32 < bytes.count else { return }
            isFinished = true
            var lane = 0
            var offset = blocks * 32
            while offset + 8 <= bytes.count {
                lanes.add(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), to: lane)
                lane += 1
                offset += 8
            }
            while offset < bytes.count {
                lanes.add(UInt64(bytes[offset]) | 0x100, to: lane & 3)
                lane += 1
                offset += 1
            }
        }

        /// The digest of every byte added.
        public var digest: ContentDigest {
            let length = UInt64(count)
            let words = (finish(lanes.a ^ length), finish(lanes.b ^ (length &* 0x9E37_79B9_7F4A_7C15)),
                         finish(lanes.c &+ length), finish(lanes.d ^ ~length))
            return withUnsafeBytes(of: words) { ContentDigest(bytes: $0)! }
        }
    }

    private struct Lanes {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
        var c: UInt64 = 0x9E37_79B9_7F4A_7C15, d: UInt64 = 0xD6E8_FEB8_6659_FD93

        @inline(__always)
        mutating func add(_ word: UInt64, to lane: Int) {
            switch lane {
            case 0: a = mix(a, word, 0x0000_0100_0000_01B3, 29)
            case 1: b = mix(b, word, 0xFF51_AFD7_ED55_8CCD, 31)
            case 2: c = mix(c, word, 0xC4CE_B9FE_1A85_EC53, 27)
            default: d = mix(d, word, 0x2545_F491_4F6C_DD1D, 33)
            }
        }
    }

    /// One step of a lane: a bijection of `lane` for a given `word`.
    @inline(__always)
    private static func mix(_ lane: UInt64, _ word: UInt64, _ odd: UInt64, _ shift: UInt64) -> UInt64 {
        let product = (lane ^ word) &* odd
        return product ^ (product >> shift)
    }

    /// MurmurHash3's final mix: every input bit affects every output bit.
    private static func finish(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
