import Diagnostics
import Foundation

/// One value of a ``JSONDocument`` with its path, and typed accessors that report located
/// diagnostics instead of failing silently.
struct JSONNode {
    /// The value as `JSONSerialization` produced it.
    let value: Any
    /// Where it is in the document.
    let path: JSONPath
    /// The document it belongs to.
    let document: JSONDocument

    /// The file location of this value.
    var location: SourceLocation { document.location(of: path) }

    /// The literal kind, from the scanner when it saw this value, else from the bridged type.
    var kind: JSONPositionIndex.Kind {
        if let entry = document.index.entry(at: path) { return entry.kind }
        switch value {
        case is NSNull: return .null
        case is String: return .string
        case is [Any]: return .array
        case is [String: Any]: return .object
        case is Bool: return .bool
        default: return .number
        }
    }

    /// Words for the kind, for messages.
    var kindName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true/false"
        case .null: return "null"
        }
    }

    /// The text when this is a string.
    var stringValue: String? { kind == .string ? value as? String : nil }

    /// The number when this is a JSON number.
    var numberValue: Double? {
        guard kind == .number else { return nil }
        if let number = value as? NSNumber { return number.doubleValue }
        if let number = value as? Double { return number }
        if let number = value as? Int { return Double(number) }
        return nil
    }

    /// The flag when this is `true` or `false`.
    var boolValue: Bool? {
        guard kind == .bool else { return nil }
        if let flag = value as? Bool { return flag }
        return (value as? NSNumber)?.boolValue
    }

    /// The members when this is an object.
    var isObject: Bool { value is [String: Any] }

    /// The elements when this is an array.
    var elements: [JSONNode]? {
        guard let array = value as? [Any] else { return nil }
        return array.enumerated().map { JSONNode(value: $0.element, path: path.appending(.index($0.offset)), document: document) }
    }

    /// The member `key`, or `nil` when absent or `null`.
    func member(_ key: String) -> JSONNode? {
        guard let object = value as? [String: Any], let child = object[key], !(child is NSNull) else { return nil }
        return JSONNode(value: child, path: path.appending(.key(key)), document: document)
    }

    /// The keys of an object, sorted.
    var keys: [String] { ((value as? [String: Any])?.keys).map { $0.sorted() } ?? [] }

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
