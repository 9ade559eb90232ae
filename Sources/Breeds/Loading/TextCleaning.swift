import Foundation

/// Text cleaning shared by the reader and the diagnostics.
enum TextCleaning {
    /// Trims, normalises line ends and removes control characters other than newline and tab.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for scalar in unified.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: scalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        return String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// User text made safe to quote in a one-line terminal message: no control characters, at most 60 characters.
    static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029
            result.unicodeScalars.append(isControl ? "?" : scalar)
        }
        if result.count > 60 { result = String(result.prefix(59)) + "…" }
        return "\"\(result)\""
    }
}
