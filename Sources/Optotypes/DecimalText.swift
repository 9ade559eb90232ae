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
            let fraction = String(integer % divisor)  // ASCII digits: bytes are characters
            text += "." + String(repeating: "0", count: places - fraction.utf8.count) + fraction
        }
        return negative ? "-" + text : text
    }

    /// Like ``fixed(_:places:)`` but drops trailing zeros and a trailing point (`5.8`, `12`).
    public static func trimmed(_ value: Double, places: Int) -> String {
        // On bytes: chart files format thousands of coordinates, and String's Foundation search
        // and suffix tests were a few per cent of a whole site build.
        let text = fixed(value, places: places)
        var bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: ".")) else { return text }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
