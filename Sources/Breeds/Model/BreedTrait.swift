/// A cat breed's 1–5 scale, by its The Cat API field name.
public enum BreedTrait: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case adaptability
    case affectionLevel = "affection_level"
    case childFriendly = "child_friendly"
    case catFriendly = "cat_friendly"
    case dogFriendly = "dog_friendly"
    case energyLevel = "energy_level"
    case grooming
    case healthIssues = "health_issues"
    case intelligence
    case sheddingLevel = "shedding_level"
    case socialNeeds = "social_needs"
    case strangerFriendly = "stranger_friendly"
    case vocalisation
    case bidability

    /// The highest score.
    public static let maximum = 5

    /// Human label, e.g. "Energy level".
    public var label: String {
        switch self {
        case .adaptability: "Adaptability"
        case .affectionLevel: "Affection level"
        case .childFriendly: "Child friendly"
        case .catFriendly: "Cat friendly"
        case .dogFriendly: "Dog friendly"
        case .energyLevel: "Energy level"
        case .grooming: "Grooming"
        case .healthIssues: "Health issues"
        case .intelligence: "Intelligence"
        case .sheddingLevel: "Shedding level"
        case .socialNeeds: "Social needs"
        case .strangerFriendly: "Stranger friendly"
        case .vocalisation: "Vocalisation"
        case .bidability: "Bidability"
        }
    }
}

/// One 1–5 score of a breed.
public struct BreedTraitScore: Sendable, Equatable, Hashable, Codable {
    /// Which scale.
    public var trait: BreedTrait
    /// The score, 1…5.
    public var value: Int

    /// Creates a score.
    public init(trait: BreedTrait, value: Int) {
        self.trait = trait
        self.value = value
    }
}
