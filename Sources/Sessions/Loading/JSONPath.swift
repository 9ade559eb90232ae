/// A path to a value inside a JSON document, e.g. `users[0].games[2].balance`.
struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object key or an array index.
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root.
    var components: [Component] = []

    /// The path one step further down.
    func appending(_ component: Component) -> JSONPath {
        JSONPath(components: components + [component])
    }

    /// `games[2].balance`; the root is `$`.
    var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
