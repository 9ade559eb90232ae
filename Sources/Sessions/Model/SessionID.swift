import Foundation

/// Turns session ids into safe file names.
public enum SessionID {
    /// Lowercase ASCII letters, digits, `-` and `_`; every other run of characters becomes one `-`;
    /// accents are folded (`Réunion` → `reunion`). Never contains `/` or `..`, so an id from the data
    /// cannot name a path outside the output folder. Empty when nothing usable remains.
    public static func slug(_ id: String) -> String {
        let folded = id.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let isAllowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
            if isAllowed {
                if pendingDash && !result.isEmpty { result += "-" }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return String(result.lowercased().prefix(120))
    }
}
