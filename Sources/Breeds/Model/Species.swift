/// Whether a breed is a cat or a dog; decides its folder (`breeds/cat/…`, `breeds/dog/…`).
public enum Species: String, Sendable, Equatable, Hashable, Codable, CaseIterable, Comparable {
    case cat
    case dog

    /// "Cat" or "Dog".
    public var label: String {
        switch self {
        case .cat: "Cat"
        case .dog: "Dog"
        }
    }

    /// "Cats" or "Dogs".
    public var pluralLabel: String {
        switch self {
        case .cat: "Cats"
        case .dog: "Dogs"
        }
    }

    /// Cats sort before dogs, as in the index.
    public static func < (lhs: Species, rhs: Species) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The species a breed file's name announces (`cats.json`, `Dogs-2024.json`), or `nil`.
    public static func fromFileName(_ fileName: String) -> Species? {
        let lowered = fileName.lowercased()
        if lowered.hasPrefix("cat") { return .cat }
        if lowered.hasPrefix("dog") { return .dog }
        return nil
    }
}
