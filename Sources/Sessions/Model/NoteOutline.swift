import Diagnostics

/// The structure of a templated clinical note: categories of inputs and how many trials a session has (§6.2).
public struct NoteOutline: Sendable, Equatable {
    /// The outline's id, which note sessions name.
    public var id: String
    /// The note's title.
    public var title: String
    /// An optional description of the procedure.
    public var summary: String?
    /// How many trials a session of this outline has at most.
    public var trialCount: Int
    /// The categories, in order.
    public var categories: [OutlineCategory]
    /// The file it was read from.
    public var source: SourceLocation

    /// Creates an outline.
    public init(id: String, title: String, summary: String? = nil, trialCount: Int, categories: [OutlineCategory],
                source: SourceLocation) {
        self.id = id
        self.title = title
        self.summary = summary
        self.trialCount = trialCount
        self.categories = categories
        self.source = source
    }

    /// Every input, in outline order.
    public var inputs: [OutlineInput] { categories.flatMap(\.inputs) }

    /// The input with id `id`.
    public func input(_ id: String) -> OutlineInput? { inputs.first { $0.id == id } }
}

/// A named group of inputs in an outline.
public struct OutlineCategory: Sendable, Equatable {
    /// The category's title.
    public var title: String
    /// Its inputs, in order.
    public var inputs: [OutlineInput]

    /// Creates a category.
    public init(title: String, inputs: [OutlineInput]) {
        self.title = title
        self.inputs = inputs
    }
}
