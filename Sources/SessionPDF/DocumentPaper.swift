import Foundation

/// The paper a session PDF is laid out on: session documents print on A4 or US Letter.
public enum DocumentPaper: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// ISO A4, 210 × 297 mm.
    case a4
    /// US Letter, 8.5 × 11 in.
    case letter

    /// Parses `a4` or `letter` (any case, surrounding spaces ignored); `nil` for anything else.
    public init?(named name: String) {
        self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The CSS `@page { size }` keyword.
    var cssSize: String {
        switch self {
        case .a4: "A4"
        case .letter: "letter"
        }
    }

    /// `A4` or `Letter`.
    public var description: String {
        switch self {
        case .a4: "A4"
        case .letter: "Letter"
        }
    }
}
