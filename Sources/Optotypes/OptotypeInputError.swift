/// Why a chart option given by the user cannot be used; each case reads as a message for the user.
public enum OptotypeInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A distance that is not a positive finite number with a known unit.
    case invalidDistance(String, reason: String)
    /// A `--rows` range that is malformed, reversed or off the 0.1 grid.
    case invalidRows(String, reason: String)
    /// A paper name that is not known.
    case unknownPaper(String)
    /// An optotype name that is not known.
    case unknownOptotype(String)
    /// A sequence name that is not known.
    case unknownSequence(String)
    /// A print scale outside 0.95–1.05.
    case scaleOutOfRange(Double)

    /// The message shown to the user, saying what to do.
    public var description: String {
        switch self {
        case let .invalidDistance(text, reason):
            return "invalid viewing distance '\(text)': \(reason); write a positive number with a unit, e.g. 40cm, 3m, 4m, 20ft, 16in or 400mm"
        case let .invalidRows(text, reason):
            return "invalid rows '\(text)': \(reason); write the largest and smallest logMAR row on the 0.1 grid, e.g. +1.0..-0.3"
        case let .unknownPaper(name):
            return "unknown paper '\(name)'; use one of \(Paper.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .unknownOptotype(name):
            return "unknown optotype '\(name)'; use one of \(OptotypeKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .unknownSequence(name):
            return "unknown sequence '\(name)'; use 1, 2, R or random"
        case let .scaleOutOfRange(value):
            return "scale \(value) is outside 0.95–1.05; measure the printed 100 mm ruler and pass 100 divided by the measured length (e.g. 100/98 = 1.0204)"
        }
    }
}
