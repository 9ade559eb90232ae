/// One input of a note outline.
public struct OutlineInput: Sendable, Equatable {
    /// The kind of value an input takes.
    public enum Kind: Sendable, Equatable {
        /// Exactly one of the options (or an "other" value typed in).
        case singleChoice(options: [String])
        /// Any of the options (plus, optionally, an "other" value typed in).
        case multipleChoice(options: [String])
        /// A number on a scale.
        case scale(NumberScale)
        /// Free text.
        case text

        /// `single choice`, `multiple choice`, `number scale`, `text`.
        public var name: String {
            switch self {
            case .singleChoice: return "single choice"
            case .multipleChoice: return "multiple choice"
            case .scale: return "number scale"
            case .text: return "text"
            }
        }
    }

    /// The input's id, unique within its outline; sessions record values under it.
    public var id: String
    /// The label shown.
    public var label: String
    /// What it takes.
    public var kind: Kind

    /// Creates an input.
    public init(id: String, label: String, kind: Kind) {
        self.id = id
        self.label = label
        self.kind = kind
    }
}
