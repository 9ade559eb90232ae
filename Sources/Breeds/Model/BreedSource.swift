/// An external reference page about a breed (only `http`/`https` addresses are kept).
public struct BreedSource: Sendable, Equatable, Hashable, Codable {
    /// Which site, by its field name.
    public enum Kind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case wikipedia = "wikipedia_url"
        case cfa = "cfa_url"
        case vetstreet = "vetstreet_url"
        case vcaHospitals = "vcahospitals_url"

        /// The site's name, used as link text.
        public var label: String {
            switch self {
            case .wikipedia: "Wikipedia"
            case .cfa: "The Cat Fanciers' Association"
            case .vetstreet: "Vetstreet"
            case .vcaHospitals: "VCA Animal Hospitals"
            }
        }
    }

    /// Which site.
    public var kind: Kind
    /// The absolute `http`/`https` address.
    public var url: String

    /// Creates a source.
    public init(kind: Kind, url: String) {
        self.kind = kind
        self.url = url
    }
}
