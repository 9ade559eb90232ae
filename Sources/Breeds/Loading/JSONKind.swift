import LocatedJSON

/// Phrases and number checks for JSON values in breed records.
enum JSONKind {
    /// A short phrase for messages: "text", "a number", "true or false", "a list", "an object", "null".
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "text"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// The whole number a JSON number holds (`4`, `4.0`), or `nil` for fractions, booleans and non-numbers.
    static func integer(_ node: JSONNode) -> Int? {
        guard let double = node.number, double.isFinite, double == double.rounded(), abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    /// A number as the file wrote it, for messages (`7`, not `7.0`).
    static func shown(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
