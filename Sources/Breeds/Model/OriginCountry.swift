/// A country a breed comes from, with its two-letter code when the data gives one.
public struct OriginCountry: Sendable, Equatable, Hashable, Codable {
    /// The country as written in `origin` (`"Iran (Persia)"`); `nil` when only a code is known.
    public var name: String?
    /// The upper-case two-letter code from `country_codes`/`country_code`, when known.
    public var code: String?

    /// Creates an origin.
    public init(name: String?, code: String?) {
        self.name = name
        self.code = code
    }

    /// `"Egypt (EG)"`, `"Egypt"` or `"EG"`.
    public var displayText: String {
        switch (name, code) {
        case let (name?, code?): "\(name) (\(code))"
        case let (name?, nil): name
        case let (nil, code?): code
        case (nil, nil): ""
        }
    }
}
