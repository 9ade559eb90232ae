/// The structure of a template context without its texts: which keys each dictionary has, each
/// array's length, each boolean, whether each string is empty, and where the numbers are.
///
/// swift-mustache decides what a template prints from exactly that: which sections open, how often
/// they repeat and where each value goes. The texts themselves are only escaped and inserted, so two
/// contexts of one shape render the same text around their values (``RenderSkeleton``).
struct ContextShape: Hashable, Sendable {
    /// The template name, then the shape as bytes (names with their lengths first).
    private let bytes: [UInt8]
    private let hash: Int

    /// The shape of `context` for template `template` and the context's texts in walking order
    /// (numbers as their decimal text); `nil` when the context holds a value other than a string, an
    /// `Int`, a `Bool`, a `[String: Any]` dictionary or an array of these.
    static func of(_ context: Any, template: String) -> (shape: ContextShape, texts: [String])? {
        var bytes: [UInt8] = []
        appendName(template, to: &bytes)
        var texts: [String] = []
        guard walk(context, into: &bytes, texts: &texts) else { return nil }
        return (ContextShape(bytes: bytes), texts)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hash = hasher.finalize()
    }

    static func == (lhs: ContextShape, rhs: ContextShape) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// Appends the shape of `value` and its texts; false for a value of another kind.
    static func walk(_ value: Any, into bytes: inout [UInt8], texts: inout [String]) -> Bool {
        switch Kind(value) {
        case .text(let text):
            bytes.append(text.isEmpty ? UInt8(ascii: "e") : UInt8(ascii: "s"))
            if !text.isEmpty { texts.append(text) }
        case .number(let number):
            bytes.append(UInt8(ascii: "i"))
            texts.append(String(number))
        case .flag(let flag):
            bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .dictionary(let dictionary):
            bytes.append(UInt8(ascii: "{"))
            for key in dictionary.keys.sorted() {
                appendName(key, to: &bytes)
                guard walk(dictionary[key]!, into: &bytes, texts: &texts) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        case .dictionaries(let list):
            return walkList(list, into: &bytes, texts: &texts)
        case .texts(let list):
            return walkList(list, into: &bytes, texts: &texts)
        case .values(let list):
            return walkList(list, into: &bytes, texts: &texts)
        case nil:
            return false
        }
        return true
    }

    /// Appends `name` with its length first (a key may hold any character, so no terminator would
    /// keep two shapes apart).
    static func appendName(_ name: String, to bytes: inout [UInt8]) {
        var length = name.utf8.count
        repeat {
            bytes.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
            length >>= 7
        } while length > 0
        // Through the name's contiguous bytes (a short name's are copied out of the string itself).
        if name.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: name.utf8) }
    }

    private static func walkList<Element>(_ list: [Element], into bytes: inout [UInt8], texts: inout [String]) -> Bool {
        bytes.append(UInt8(ascii: "["))
        for element in list {
            guard walk(element, into: &bytes, texts: &texts) else { return false }
        }
        bytes.append(UInt8(ascii: "]"))
        return true
    }
}

/// The kinds of value a shaped context holds. Contexts are `[String: Any]`, so each value's kind is
/// found by its dynamic type first (a pointer comparison) and by casting only when it is none of the
/// usual ones; failed casts were most of the time it took to walk a context.
enum Kind {
    case text(String), number(Int), flag(Bool), dictionary([String: Any])
    case dictionaries([[String: Any]]), texts([String]), values([Any])

    private static let stringType = ObjectIdentifier(String.self)
    private static let intType = ObjectIdentifier(Int.self)
    private static let boolType = ObjectIdentifier(Bool.self)
    private static let dictionaryType = ObjectIdentifier([String: Any].self)
    private static let dictionariesType = ObjectIdentifier([[String: Any]].self)

    init?(_ value: Any) {
        switch ObjectIdentifier(type(of: value)) {
        case Self.stringType: self = .text(value as! String)
        case Self.dictionaryType: self = .dictionary(value as! [String: Any])
        case Self.boolType: self = .flag(value as! Bool)
        case Self.intType: self = .number(value as! Int)
        case Self.dictionariesType: self = .dictionaries(value as! [[String: Any]])
        default:
            switch value {
            case let text as String: self = .text(text)
            case let number as Int: self = .number(number)
            case let flag as Bool: self = .flag(flag)
            case let dictionary as [String: Any]: self = .dictionary(dictionary)
            case let list as [[String: Any]]: self = .dictionaries(list)
            case let list as [String]: self = .texts(list)
            case let list as [Any]: self = .values(list)
            default: return nil
            }
        }
    }
}
