/// A cat breed's 0/1 flag, by its The Cat API field name.
public enum BreedFlag: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case experimental
    case hairless
    case natural
    case rare
    case rex
    case suppressedTail = "suppressed_tail"
    case shortLegs = "short_legs"
    case hypoallergenic
    case indoor
    case lap

    /// Human label, e.g. "Suppressed tail".
    public var label: String {
        switch self {
        case .experimental: "Experimental breed"
        case .hairless: "Hairless"
        case .natural: "Natural breed"
        case .rare: "Rare"
        case .rex: "Rex (curly) coat"
        case .suppressedTail: "Suppressed tail"
        case .shortLegs: "Short legs"
        case .hypoallergenic: "Hypoallergenic"
        case .indoor: "Indoor cat"
        case .lap: "Lap cat"
        }
    }
}

/// One 0/1 flag of a breed.
public struct BreedFlagValue: Sendable, Equatable, Hashable, Codable {
    /// Which flag.
    public var flag: BreedFlag
    /// Whether it is set (1).
    public var isSet: Bool

    /// Creates a flag value.
    public init(flag: BreedFlag, isSet: Bool) {
        self.flag = flag
        self.isSet = isSet
    }
}
