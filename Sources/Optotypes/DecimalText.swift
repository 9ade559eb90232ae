/// Locale-independent decimal formatting for labels and output files.
public enum DecimalText {
    /// `value` rounded half away from zero to `places` decimals, always showing them (`5.80`);
    /// never prints `-0`.
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        let negative = value < 0 && scaled != 0
        guard scaled < 9.0e15 else { return "\(value)" }
        let integer = UInt64(scaled)
        let divisor = UInt64(scale)
        var text = String(integer / divisor)
        if places > 0 {
            var fraction = String(integer % divisor)
            while fraction.count < places { fraction = "0" + fraction }
            text += "." + fraction
        }
        return negative ? "-" + text : text
    }

    /// Like ``fixed(_:places:)`` but drops trailing zeros and a trailing point (`5.8`, `12`).
    public static func trimmed(_ value: Double, places: Int) -> String {
        var text = fixed(value, places: places)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
