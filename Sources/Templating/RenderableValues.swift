import Mustache

// swift-mustache renders a variable's value by trying, in turn, `MustacheTemplate`,
// `MustacheCustomRenderable`, `MustacheLambda`, an optional's wrapped value and finally
// `String(describing:)`, each a dynamic cast. Strings and numbers, nearly every value a template
// shows, stop at the second: their text is the same `String(describing:)` gives.

extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}
