import Foundation

/// Turns a breed id into a URL-safe file name stem.
enum BreedSlug {
    /// The longest slug, before any numeric suffix.
    static let maximumLength = 64

    /// `"abys"` → `"abys"`, `"1"` → `"1"`, `"../../etc/passwd"` → `"etc-passwd"`, `"Lí Hua"` → `"li-hua"`,
    /// `"貍花"` → `"u8c8d-u82b1"`; never empty (`"breed"`), never with `/`, `.` or `%`.
    static func make(from id: String) -> String {
        let folded = id.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var parts: [String] = []
        var current = ""
        func endPart() {
            if !current.isEmpty { parts.append(current) }
            current = ""
        }
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar.isASCII || scalar.properties.isWhitespace {
                endPart()
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                // Non-Latin letters keep their identity as hex code points, so distinct ids stay distinct.
                endPart()
                parts.append("u" + String(scalar.value, radix: 16))
            } else {
                endPart()
            }
        }
        endPart()
        var slug = parts.joined(separator: "-")
        if slug.count > maximumLength {
            slug = String(slug.prefix(maximumLength))
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug.isEmpty ? "breed" : slug
    }
}
