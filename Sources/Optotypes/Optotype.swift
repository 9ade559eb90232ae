/// The family of optotypes a chart uses.
public enum OptotypeKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Sloan letters C D H K N O R S V Z.
    case sloan
    /// Tumbling E in four orientations.
    case tumblingE = "tumbling-e"
    /// Landolt C in eight orientations.
    case landoltC = "landolt-c"

    /// Parses `sloan`, `tumbling-e`, `landolt-c` (case-insensitive; `e` and `c` also accepted).
    public init(named name: String) throws(OptotypeInputError) {
        switch name.trimmingASCIIWhitespace().lowercased() {
        case "sloan", "letters": self = .sloan
        case "tumbling-e", "tumblinge", "e": self = .tumblingE
        case "landolt-c", "landoltc", "c": self = .landoltC
        default: throw .unknownOptotype(name)
        }
    }

    /// A name for people: `Sloan letters`, `Tumbling E`, `Landolt C`.
    public var description: String {
        switch self {
        case .sloan: "Sloan letters"
        case .tumblingE: "Tumbling E"
        case .landoltC: "Landolt C"
        }
    }
}

/// One optotype on a chart.
public enum Optotype: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// A Sloan letter.
    case letter(SloanLetter)
    /// A Tumbling E opening towards a direction.
    case tumblingE(OpeningDirection)
    /// A Landolt C opening towards a direction.
    case landoltC(OpeningDirection)

    /// The outline on the 5×5 grid (y down).
    public var path: GlyphPath {
        switch self {
        case let .letter(letter): letter.path
        case let .tumblingE(direction): TumblingE.path(opening: direction)
        case let .landoltC(direction): LandoltC.path(opening: direction)
        }
    }

    /// The outline scaled to `height` millimetres with its cell's top-left corner at `origin` (mm, y down).
    public func path(height: Double, at origin: PathPoint) -> GlyphPath {
        path.applying(AffineTransform.scale(height / GlyphGeometry.cell).then(.translation(origin.x, origin.y)))
    }

    /// `K`, `E right`, `C up-left`.
    public var description: String {
        switch self {
        case let .letter(letter): letter.rawValue
        case let .tumblingE(direction): "E \(direction)"
        case let .landoltC(direction): "C \(direction)"
        }
    }
}
