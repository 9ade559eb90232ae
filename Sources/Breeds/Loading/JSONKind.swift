import Foundation

/// Helpers to tell apart the values `JSONSerialization` produces.
enum JSONKind {
    /// A short phrase for messages: "text", "a number", "true or false", "a list", "an object", "null".
    static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let number = value as? NSNumber { return isBoolean(number) ? "true or false" : "a number" }
        if value is String { return "text" }
        if value is [Any] { return "a list" }
        if value is [String: Any] { return "an object" }
        return "an unknown value"
    }

    /// Whether a number came from JSON `true`/`false` (Foundation bridges them to `NSNumber`).
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    /// The whole number a JSON number holds (`4`, `4.0`), or `nil` for fractions, booleans and non-numbers.
    static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    /// A finite JSON number (not a boolean), if `value` is one.
    static func double(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue.isFinite else { return nil }
        return number.doubleValue
    }
}
