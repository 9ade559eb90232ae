/// Locale-independent decimal formatting for labels and output files.
public enum DecimalText {
    /// `value` rounded half away from zero to `places` decimals, always showing them (`5.80`);
    /// never prints `-0`.
    public static func fixed(_ value: Double, places: Int) -> String {
        withDigits(of: value, places: places, trimmingZeros: false) { String(decoding: $0, as: UTF8.self) }
    }

    /// Like ``fixed(_:places:)`` but drops trailing zeros and a trailing point (`5.8`, `12`).
    public static func trimmed(_ value: Double, places: Int) -> String {
        withDigits(of: value, places: places, trimmingZeros: true) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends ``trimmed(_:places:)``'s text to `bytes` as UTF-8, without making a string (a chart's
    /// paths write hundreds of thousands of coordinates).
    public static func appendTrimmed(_ value: Double, places: Int, to bytes: inout [UInt8]) {
        withDigits(of: value, places: places, trimmingZeros: true) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the UTF-8 of ``fixed(_:places:)``, or of ``trimmed(_:places:)`` when
    /// `trimmingZeros`. The digits are written into a buffer: making strings for the whole part, the
    /// fraction and its padding, then joining and trimming them, was 7 % of the instructions of
    /// building a 1,000-card site.
    private static func withDigits<Result>(of value: Double, places: Int, trimmingZeros: Bool,
                                           _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        func text(_ text: String) -> Result {
            var text = trimmingZeros ? withoutTrailingZeros(text) : text
            return text.withUTF8(body)
        }
        guard value.isFinite else { return text(value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")) }
        let places = max(0, places)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return text("\(value)") }
        let negative = value < 0 && scaled != 0
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: places + 20) { buffer in
            // From the last digit back: the fraction's `places` digits, the point, the whole part, the sign.
            var integer = UInt64(scaled)
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            for _ in 0..<places {
                put(UInt8(ascii: "0") + UInt8(integer % 10))
                integer /= 10
            }
            if places > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(ascii: "0") + UInt8(integer % 10))
                integer /= 10
            } while integer > 0
            if negative { put(UInt8(ascii: "-")) }
            var end = buffer.count
            if trimmingZeros && places > 0 {
                while buffer[end - 1] == UInt8(ascii: "0") { end -= 1 }
                if buffer[end - 1] == UInt8(ascii: ".") { end -= 1 }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
    }

    /// `text` without trailing zeros after a point, nor a trailing point.
    private static func withoutTrailingZeros(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: ".")) else { return text }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
