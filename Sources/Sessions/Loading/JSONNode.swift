import Diagnostics
import Foundation
import LocatedJSON

/// One value of a ``JSONDocument`` with its key path, and typed accessors that report located
/// diagnostics instead of failing silently.
struct JSONNode {
    /// The parsed value, with its position.
    let node: LocatedJSON.JSONNode
    /// Where it is in the document, for messages (`games[2].balance`).
    let path: JSONPath
    /// The document it belongs to.
    let document: JSONDocument

    /// The kinds of JSON value.
    enum Kind { case object, array, string, number, bool, null }

    /// The file location of this value.
    var location: SourceLocation { SourceLocation(path: document.path, line: node.line, column: node.column) }

    /// The literal kind.
    var kind: Kind {
        switch node.value {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// Words for the kind, for messages.
    var kindName: String { node.kindName }

    /// The text when this is a string.
    var stringValue: String? { node.string }

    /// The number when this is a JSON number.
    var numberValue: Double? { node.number }

    /// The flag when this is `true` or `false`.
    var boolValue: Bool? {
        if case .bool(let flag) = node.value { return flag }
        return nil
    }

    /// Whether this is an object.
    var isObject: Bool { node.members != nil }

    /// The elements when this is an array.
    var elements: [JSONNode]? {
        node.array?.enumerated().map { JSONNode(node: $0.element, path: path.appending(.index($0.offset)), document: document) }
    }

    /// The member `key` (the last one if repeated), or `nil` when absent or `null`.
    func member(_ key: String) -> JSONNode? {
        guard let child = node[key], child.value != .null else { return nil }
        return JSONNode(node: child, path: path.appending(.key(key)), document: document)
    }

    /// The keys of an object, sorted.
    var keys: [String] { Set(node.members?.map(\.key) ?? []).sorted() }

    /// The members in key order, a repeated key once (its last value, as ``member(_:)`` reads it), without
    /// `null` values; one pass instead of a lookup per key, for objects keyed by ids (Firebase push ids).
    var sortedMembers: [(key: String, node: JSONNode)] {
        var last: [String: LocatedJSON.JSONNode] = [:]
        for member in node.members ?? [] { last[member.key] = member.node }
        return last.filter { $0.value.value != .null }.sorted { $0.key < $1.key }.map { key, child in
            (key, JSONNode(node: child, path: path.appending(.key(key)), document: document))
        }
    }

    // MARK: Reporting

    /// Records an error at this value, prefixed with its key path.
    func error(_ message: String, log: inout DiagnosticLog) {
        log.error("\(path): \(message)", at: location)
    }

    /// Records a warning at this value, prefixed with its key path.
    func warning(_ message: String, log: inout DiagnosticLog) {
        log.warning("\(path): \(message)", at: location)
    }

    /// Reports unless this is an object.
    func expectObject(log: inout DiagnosticLog) -> Bool {
        if isObject { return true }
        error("expected an object { … }, found \(kindName)", log: &log)
        return false
    }

    /// A member that must be present (reports when it is not).
    func required(_ key: String, log: inout DiagnosticLog) -> JSONNode? {
        if let child = member(key) { return child }
        error("the required key \"\(key)\" is missing; add it", log: &log)
        return nil
    }

    /// A string member; `nil` (reported when required or of the wrong type) otherwise.
    func string(_ key: String, required isRequired: Bool = true, log: inout DiagnosticLog) -> String? {
        guard let child = isRequired ? required(key, log: &log) : member(key) else { return nil }
        guard let text = child.stringValue else {
            child.error("expected a string, found \(child.kindName)", log: &log)
            return nil
        }
        return text
    }

    /// A non-empty string member (trimmed).
    func nonEmptyString(_ key: String, required isRequired: Bool = true, log: inout DiagnosticLog) -> String? {
        guard let text = string(key, required: isRequired, log: &log) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            if isRequired, let child = member(key) { child.error("must not be empty", log: &log) }
            return nil
        }
        return trimmed
    }

    /// A number member.
    func number(_ key: String, required isRequired: Bool = true, log: inout DiagnosticLog) -> Double? {
        guard let child = isRequired ? required(key, log: &log) : member(key) else { return nil }
        guard let number = child.numberValue, number.isFinite else {
            child.error("expected a number, found \(child.kindName)", log: &log)
            return nil
        }
        return number
    }

    /// A boolean member, `defaultValue` when absent.
    func bool(_ key: String, default defaultValue: Bool, log: inout DiagnosticLog) -> Bool {
        guard let child = member(key) else { return defaultValue }
        guard let flag = child.boolValue else {
            child.error("expected true or false, found \(child.kindName)", log: &log)
            return defaultValue
        }
        return flag
    }

    /// An array member.
    func array(_ key: String, required isRequired: Bool = true, log: inout DiagnosticLog) -> [JSONNode]? {
        guard let child = isRequired ? required(key, log: &log) : member(key) else { return nil }
        guard let elements = child.elements else {
            child.error("expected an array [ … ], found \(child.kindName)", log: &log)
            return nil
        }
        return elements
    }

    /// An object member.
    func object(_ key: String, required isRequired: Bool = true, log: inout DiagnosticLog) -> JSONNode? {
        guard let child = isRequired ? required(key, log: &log) : member(key) else { return nil }
        return child.expectObject(log: &log) ? child : nil
    }

    /// An array of strings member.
    func strings(_ key: String, required isRequired: Bool = false, log: inout DiagnosticLog) -> [String]? {
        guard let elements = array(key, required: isRequired, log: &log) else { return nil }
        var result: [String] = []
        for element in elements {
            guard let text = element.stringValue else {
                element.error("expected a string, found \(element.kindName)", log: &log)
                return nil
            }
            result.append(text)
        }
        return result
    }

    /// Warns about keys not in `known`, which are usually typos.
    func warnUnknownKeys(_ known: Set<String>, log: inout DiagnosticLog) {
        for key in keys where !known.contains(key) {
            member(key)?.warning("unknown key \"\(key)\" is ignored (check its spelling)", log: &log)
        }
    }
}
