import Foundation

/// URL-safe slugs for card ids and page paths.
public enum Slug {
    /// `Optic Disc Anomalies` → `optic-disc-anomalies`; non-Latin scripts are transliterated;
    /// the result holds only `a-z`, `0-9` and `-`, so it can never name a path outside its folder.
    public static func make(_ text: String) -> String {
        var source = text
        if !source.utf8.allSatisfy({ $0 < 0x80 }) {
            source = source.applyingTransform(.toLatin, reverse: false) ?? source
            source = source.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        }
        // Byte by byte: after the transliteration only ASCII letters and digits are kept, so any
        // other byte (including every byte of a remaining non-ASCII character) is a separator.
        var slug: [UInt8] = []
        slug.reserveCapacity(min(source.utf8.count, 84))
        var pendingDash = false
        for byte in source.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                slug.append(byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0))  // lowercased
                pendingDash = false
            case UInt8(ascii: "+"):
                if !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                slug += "plus".utf8
                pendingDash = true
            default:
                pendingDash = true
            }
            if slug.count >= 80 { break }
        }
        return slug.isEmpty ? "untitled" : String(decoding: slug, as: UTF8.self)
    }
}
