import Foundation

/// An output that passes every file on and remembers its path and a hash of its bytes, so the site's
/// service worker can list every file and carry a version that changes whenever any file changes.
final class HashingOutput: SiteOutput, @unchecked Sendable {
    private let base: any SiteOutput
    private let lock = NSLock()
    private var hashes: [String: UInt64] = [:]

    init(wrapping base: any SiteOutput) { self.base = base }

    func write(_ data: Data, to relativePath: String) throws(OutputError) {
        try base.write(data, to: relativePath)
        let hash = Self.hash(data, seed: Self.hash(Data(relativePath.utf8)))
        lock.withLock { hashes[relativePath] = hash }
    }

    func copy(_ source: URL, to relativePath: String) throws(OutputError) {
        try base.copy(source, to: relativePath)
        // Copies are images and assets: their size and name stand for their bytes (cheap for large photos).
        let size = (try? FileManager.default.attributesOfItem(atPath: source.path))?[.size] as? Int ?? 0
        let hash = Self.hash(Data((relativePath + "\u{0}" + String(size)).utf8))
        lock.withLock { hashes[relativePath] = hash }
    }

    /// Every path written so far, sorted.
    var paths: [String] { lock.withLock { hashes.keys.sorted() } }

    /// A version of everything written so far: independent of the order files were written in.
    var version: String {
        let all = lock.withLock { hashes }
        var combined = Self.hash(Data())
        for path in all.keys.sorted() { combined = (combined ^ (all[path] ?? 0)) &* 0x0000_0100_0000_01B3 }
        return String(combined, radix: 16)
    }

    /// FNV-1a over 8-byte words (then the tail bytes): fast enough to run on every page.
    static func hash(_ data: Data, seed: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = seed
        let prime: UInt64 = 0x0000_0100_0000_01B3
        data.withUnsafeBytes { raw in
            let count = raw.count
            var index = 0
            while index + 8 <= count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
                index += 8
            }
            while index < count {
                hash = (hash ^ UInt64(raw[index])) &* prime
                index += 1
            }
        }
        return hash
    }
}
