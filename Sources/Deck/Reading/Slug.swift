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
        var slug = ""
        var length = 0  // the slug is ASCII: bytes are characters
        var pendingDash = false
        for scalar in source.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash && !slug.isEmpty { slug += "-"; length += 1 }
                slug += lower
                length += lower.utf8.count
                pendingDash = false
            } else if scalar == "+" {
                if !slug.isEmpty { slug += "-"; length += 1 }
                slug += "plus"
                length += 4
                pendingDash = true
            } else {
                pendingDash = true
            }
            if length >= 80 { break }
        }
        return slug.isEmpty ? "untitled" : slug
    }
}
