import Foundation

/// Reads an amount as it is typed on a phone's decimal pad: digits with at most one decimal
/// separator, `.` or `,` (`148,20`, `12.5`, `7`). Anything else (`1.2.3`, `--5`, `e`, `1e3`, signs,
/// spaces inside) is not an amount. Parsing is decimal, so `0.1` stays `0.1`, never `0.1000000000000000055`.
public enum CostText {
    /// The largest amount accepted: more than this is a typing slip, not a veterinary cost.
    public static let maximum = Decimal(string: "999999999.99") ?? 0

    /// The amount in `text` (surrounding white space ignored), or `nil` when it is not one.
    public static func parse(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var whole = ""
        var fraction = ""
        var seenSeparator = false
        for character in trimmed {
            if character == "." || character == "," {
                guard !seenSeparator else { return nil }
                seenSeparator = true
            } else if let digit = character.wholeNumberValue, character.isASCII || character.isNumber, (0...9).contains(digit),
                      character.unicodeScalars.count == 1,
                      character.unicodeScalars.first?.properties.numericType == .decimal {
                if seenSeparator { fraction.append(String(digit)) } else { whole.append(String(digit)) }
            } else {
                return nil
            }
        }
        guard !(whole.isEmpty && fraction.isEmpty), fraction.count <= 6, whole.count <= 12 else { return nil }
        let canonical = (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction)
        guard let value = Decimal(string: canonical, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN,
              value <= maximum else { return nil }
        return value
    }

    /// A JSON number as an amount: its shortest decimal form (`148.2`), never binary noise; `nil` for
    /// negative, non-finite or exponent-sized values.
    public static func amount(_ number: Double) -> Decimal? {
        guard number.isFinite, number >= 0 else { return nil }
        return parse("\(number)")
    }
}
