/// A parsed JSON value that remembers where it started in its file, so that every problem found in
/// an export can be reported as `path:line:column`.
public struct JSONNode: Sendable, Equatable {
    /// The kinds of JSON value.
    public indirect enum Value: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string.
        case string(String)
        /// An array.
        case array([JSONNode])
        /// An object, members in file order.
        case object([JSONMember])
    }

    /// The value.
    public var value: Value
    /// 1-based line of the value's first character.
    public var line: Int
    /// 1-based column (in characters) of the value's first character.
    public var column: Int

    /// Creates a node.
    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The member named `key` when this node is an object (the last one if repeated).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.node
    }

    /// The member named `key` with its key's position (the last one if repeated).
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }
    }

    /// The string, when this node is a string.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The number, when this node is a number.
    public var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The elements, when this node is an array.
    public var array: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The members, when this node is an object.
    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// A short name of the value's kind for messages ("a string", "an object").
    public var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "true/false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value.
    public var node: JSONNode
    /// 1-based line of the key's opening quote.
    public var keyLine: Int
    /// 1-based column of the key's opening quote.
    public var keyColumn: Int

    /// Creates a member; the key's position defaults to the value's.
    public init(key: String, node: JSONNode, keyLine: Int? = nil, keyColumn: Int? = nil) {
        self.key = key
        self.node = node
        self.keyLine = keyLine ?? node.line
        self.keyColumn = keyColumn ?? node.column
    }
}
