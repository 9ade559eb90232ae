import Foundation

/// Which eye was tested.
public enum Eye: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The right eye (oculus dexter).
    case right
    /// The left eye (oculus sinister).
    case left
    /// Both eyes together (oculus uterque).
    case both

    /// `OD`, `OS` or `OU`.
    public var abbreviation: String {
        switch self {
        case .right: return "OD"
        case .left: return "OS"
        case .both: return "OU"
        }
    }

    /// `right eye`, `left eye`, `both eyes`.
    public var name: String {
        switch self {
        case .right: return "right eye"
        case .left: return "left eye"
        case .both: return "both eyes"
        }
    }

    /// Reads `Right`/`Left`/`Both` (any case), `R`/`L`/`B`, or `OD`/`OS`/`OU`.
    public init?(label: String) {
        switch label.trimmingCharacters(in: .whitespaces).lowercased() {
        case "right", "r", "od", "right eye": self = .right
        case "left", "l", "os", "left eye": self = .left
        case "both", "b", "ou", "both eyes", "binocular": self = .both
        default: return nil
        }
    }
}
