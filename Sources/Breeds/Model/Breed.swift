import Diagnostics

/// One breed from The Cat API or The Dog API `/v1/breeds`, with every usable field read and typed.
///
/// Text fields hold the user's text unescaped; rendering escapes it.
public struct Breed: Sendable, Equatable, Hashable, Codable {
    /// The API id as text (`"abys"`, or `"1"` for the dogs' integer ids).
    public var id: String
    /// Cat or dog.
    public var species: Species
    /// The URL-safe, unique (within its species) file name of the breed's page, without extension.
    public var slug: String
    /// The breed's name.
    public var name: String
    /// Other names (`alt_names`, a comma list in the data).
    public var alternativeNames: [String]
    /// `description`.
    public var description: String?
    /// `history` (dogs).
    public var history: String?
    /// `temperament`, split at commas.
    public var temperament: [String]
    /// The countries of `origin`, paired with `country_codes`/`country_code` when the counts agree.
    public var origins: [OriginCountry]
    /// `breed_group` (dogs).
    public var breedGroup: String?
    /// `bred_for` (dogs).
    public var bredFor: String?
    /// `life_span` in years.
    public var lifeSpan: NumericRange?
    /// `weight.{imperial,metric}`.
    public var weight: BodyMeasure?
    /// `height.{imperial,metric}` (dogs).
    public var height: BodyMeasure?
    /// The 1–5 scales present, in ``BreedTrait`` order (cats).
    public var traits: [BreedTraitScore]
    /// The 0/1 flags present, in ``BreedFlag`` order (cats).
    public var flags: [BreedFlagValue]
    /// Reference pages with `http`/`https` addresses, in ``BreedSource/Kind`` order.
    public var sources: [BreedSource]
    /// `reference_image_id` (or `image.id`), kept only when it is a safe file-name stem.
    public var referenceImageID: String?
    /// Where the record starts in its file.
    public var location: SourceLocation

    /// Creates a breed; the loader normally does this.
    public init(
        id: String, species: Species, slug: String, name: String, alternativeNames: [String] = [],
        description: String? = nil, history: String? = nil, temperament: [String] = [],
        origins: [OriginCountry] = [], breedGroup: String? = nil, bredFor: String? = nil,
        lifeSpan: NumericRange? = nil, weight: BodyMeasure? = nil, height: BodyMeasure? = nil,
        traits: [BreedTraitScore] = [], flags: [BreedFlagValue] = [], sources: [BreedSource] = [],
        referenceImageID: String? = nil, location: SourceLocation
    ) {
        self.id = id
        self.species = species
        self.slug = slug
        self.name = name
        self.alternativeNames = alternativeNames
        self.description = description
        self.history = history
        self.temperament = temperament
        self.origins = origins
        self.breedGroup = breedGroup
        self.bredFor = bredFor
        self.lifeSpan = lifeSpan
        self.weight = weight
        self.height = height
        self.traits = traits
        self.flags = flags
        self.sources = sources
        self.referenceImageID = referenceImageID
        self.location = location
    }

    /// The page's path relative to the site root: `breeds/<species>/<slug>.html`.
    public var pagePath: String {
        "breeds/\(species.rawValue)/\(slug).html"
    }

    /// The score of one scale, if present.
    public func score(_ trait: BreedTrait) -> Int? {
        traits.first { $0.trait == trait }?.value
    }

    /// The value of one flag, if present.
    public func flag(_ flag: BreedFlag) -> Bool? {
        flags.first { $0.flag == flag }?.isSet
    }
}
