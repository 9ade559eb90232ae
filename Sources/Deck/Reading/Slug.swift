import Foundation

/// URL-safe slugs for card ids and page paths.
public enum Slug {
    /// `Optic Disc Anomalies` → `optic-disc-anomalies`; non-Latin scripts are transliterated;
    /// the result holds only `a-z`, `0-9` and `-`, so it can never name a path outside its folder.
    public static func make(_ text: String) -> String {
        var source = text
        if !isASCII(source) {
            source = source.applyingTransform(.toLatin, reverse: false) ?? source
            source = source.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        }
        return source.utf8.withContiguousStorageIfAvailable(slug(of:)) ?? Array(source.utf8).withUnsafeBufferPointer(slug(of:))
    }

    /// The longest slug made before the loop stops: a `+` at 79 bytes adds `-plus`.
    private static let room = 84

    /// The slug of `bytes`, byte by byte: after the transliteration only ASCII letters and digits are
    /// kept, so any other byte (including every byte of a remaining non-ASCII character) is a
    /// separator. Written into a buffer on the stack (every card's title is slugged on every build).
    private static func slug(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { out -> String in
            var count = 0
            var pendingDash = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingDash && count > 0 { out[count] = UInt8(ascii: "-"); count += 1 }
                    out[count] = byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0)  // lowercased
                    count += 1
                    pendingDash = false
                case UInt8(ascii: "+"):
                    if count > 0 { out[count] = UInt8(ascii: "-"); count += 1 }
                    for letter in "plus".utf8 { out[count] = letter; count += 1 }
                    pendingDash = true
                default:
                    pendingDash = true
                }
                if count >= 80 { break }
            }
            return count == 0 ? "untitled" : String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
        }
    }

    /// Whether `text` is all ASCII: the string's own flag when it has one (native strings made from
    /// bytes do), else a look at every byte.
    static func isASCII(_ text: String) -> Bool {
        text.utf8Span.isKnownASCII || text.utf8.allSatisfy { $0 < 0x80 }
    }
}
