/// A companion animal, recorded after the European pet passport.
public struct Patient: Sendable, Equatable {
    /// The animal's name, when given.
    public var name: String?
    /// The practice's alphanumeric id for the animal.
    public var id: String
    /// Species, e.g. `cat`, `dog`, `ferret`.
    public var species: String
    /// The breed: an id of The Cat API / The Dog API (`abys`) or a name.
    public var breed: String?
    /// `female` or `male`, with neutering when known.
    public var sex: String?
    /// Whether the animal is neutered, when known.
    public var isNeutered: Bool?
    /// Date of birth, `yyyy-MM-dd`.
    public var dateOfBirth: String?
    /// Colour and coat.
    public var colour: String?
    /// Notable or discernible features.
    public var features: String?
    /// The transponder (microchip), when implanted.
    public var transponder: Transponder?
    /// Vaccinations, in the order recorded.
    public var vaccinations: [Vaccination]

    /// Creates a patient.
    public init(name: String? = nil, id: String, species: String, breed: String? = nil, sex: String? = nil,
                isNeutered: Bool? = nil, dateOfBirth: String? = nil, colour: String? = nil, features: String? = nil,
                transponder: Transponder? = nil, vaccinations: [Vaccination] = []) {
        self.name = name
        self.id = id
        self.species = species
        self.breed = breed
        self.sex = sex
        self.isNeutered = isNeutered
        self.dateOfBirth = dateOfBirth
        self.colour = colour
        self.features = features
        self.transponder = transponder
        self.vaccinations = vaccinations
    }
}

/// A transponder (microchip), as in section III of the pet passport.
public struct Transponder: Sendable, Equatable {
    /// The alphanumeric code (15 digits for ISO 11784 chips).
    public var code: String
    /// Date of application, `yyyy-MM-dd`.
    public var applied: String?
    /// Where on the animal it is.
    public var location: String?

    /// Creates a transponder record.
    public init(code: String, applied: String? = nil, location: String? = nil) {
        self.code = code
        self.applied = applied
        self.location = location
    }
}

/// A vaccination, as in sections V–VI of the pet passport.
public struct Vaccination: Sendable, Equatable {
    /// The disease vaccinated against (`rabies`, `feline panleukopenia`…).
    public var disease: String
    /// The vaccine's name, when recorded.
    public var product: String?
    /// The batch number, when recorded.
    public var batch: String?
    /// Date given, `yyyy-MM-dd`.
    public var date: String
    /// Valid until, `yyyy-MM-dd`, when recorded.
    public var validUntil: String?

    /// Creates a vaccination record.
    public init(disease: String, product: String? = nil, batch: String? = nil, date: String, validUntil: String? = nil) {
        self.disease = disease
        self.product = product
        self.batch = batch
        self.date = date
        self.validUntil = validUntil
    }
}
