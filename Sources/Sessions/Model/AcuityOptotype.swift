import Foundation

/// The kind of optotype an acuity test used.
public enum AcuityOptotype: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// ETDRS Sloan letters.
    case sloan
    /// Tumbling E.
    case tumblingE = "tumbling-e"
    /// Landolt C.
    case landoltC = "landolt-c"

    /// The name shown in documents.
    public var displayName: String {
        switch self {
        case .sloan: return "ETDRS letters (Sloan)"
        case .tumblingE: return "Tumbling E"
        case .landoltC: return "Landolt C"
        }
    }

    /// Reads the acuity app's `Test_Type` (`ETDRS`, `Landolt_C`) or Loupe's names
    /// (`sloan`, `tumbling-e`, `landolt-c`), in any case, with `_`, `-` or spaces.
    public init?(label: String) {
        let key = label.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        switch key {
        case "etdrs", "sloan", "letters", "etdrs-letters": self = .sloan
        case "tumbling-e", "tumblinge", "e": self = .tumblingE
        case "landolt-c", "landoltc", "c": self = .landoltC
        default: return nil
        }
    }
}
