/// A paper size, in millimetres, portrait.
public enum Paper: String, Sendable, Equatable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// ISO A sizes, US Letter (8.5 × 11 in) and Tabloid (11 × 17 in).
    case a4, letter, a3, tabloid, a2, a1, a0

    /// Parses a paper name, case-insensitively (`A4`, `letter`, `tabloid`, `ledger` for tabloid).
    public init(named name: String) throws(OptotypeInputError) {
        let key = name.trimmingASCIIWhitespace().lowercased()
        if key == "ledger" { self = .tabloid; return }
        guard let paper = Paper(rawValue: key) else { throw .unknownPaper(name) }
        self = paper
    }

    /// Portrait width in mm.
    public var width: Millimetres {
        switch self {
        case .a4: Millimetres(210)
        case .letter: Millimetres(215.9)
        case .a3: Millimetres(297)
        case .tabloid: Millimetres(279.4)
        case .a2: Millimetres(420)
        case .a1: Millimetres(594)
        case .a0: Millimetres(841)
        }
    }

    /// Portrait height in mm.
    public var height: Millimetres {
        switch self {
        case .a4: Millimetres(297)
        case .letter: Millimetres(279.4)
        case .a3: Millimetres(420)
        case .tabloid: Millimetres(431.8)
        case .a2: Millimetres(594)
        case .a1: Millimetres(841)
        case .a0: Millimetres(1189)
        }
    }

    /// `A4`, `Letter`, `Tabloid`.
    public var description: String {
        switch self {
        case .letter: "Letter"
        case .tabloid: "Tabloid"
        default: rawValue.uppercased()
        }
    }

    /// Papers from smallest to largest, as tried when suggesting a size.
    public static let bySize: [Paper] = [.a4, .letter, .a3, .tabloid, .a2, .a1, .a0]
}
