import Foundation

/// Formats amounts in euros for a locale with Foundation's currency formatter
/// (`en_IE`: `€1,234.50`; `de_DE`: `1.234,50 €`).
public struct EuroFormatter: Sendable, Equatable {
    /// The locale identifier, e.g. `en_IE`.
    public var locale: String

    /// Creates a formatter for `locale` (default `en_IE`).
    public init(locale: String = "en_IE") { self.locale = locale }

    /// The amount as euros, rounded to cents.
    public func string(_ amount: Decimal) -> String {
        // A fresh formatter per call: NumberFormatter is not Sendable, and documents format few amounts.
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .currency
        formatter.currencyCode = "EUR"
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        formatter.roundingMode = .halfEven
        return formatter.string(from: NSDecimalNumber(decimal: amount)) ?? "€\(amount)"
    }
}
