import Testing
import TestSupport
@testable import Optotypes

@Suite("Decimal text")
struct DecimalTextTests {
    @Test func roundsHalfAwayFromZeroAndNeverPrintsMinusZero() {
        #expect(DecimalText.fixed(5.8, places: 2) == "5.80")
        #expect(DecimalText.fixed(0.125, places: 2) == "0.13")
        #expect(DecimalText.fixed(-0.125, places: 2) == "-0.13")
        #expect(DecimalText.fixed(-0.004, places: 2) == "0.00")
        #expect(DecimalText.fixed(12, places: 0) == "12")
        #expect(DecimalText.trimmed(5.80, places: 2) == "5.8")
        #expect(DecimalText.trimmed(12.0001, places: 3) == "12")
        #expect(DecimalText.trimmed(-0.0001, places: 2) == "0")
        #expect(DecimalText.trimmed(1e17, places: 2) == "1e+17")
        #expect(DecimalText.fixed(.nan, places: 2) == "nan" && DecimalText.trimmed(-.infinity, places: 1) == "-inf")
        var bytes: [UInt8] = []
        DecimalText.appendTrimmed(1.5e16, places: 2, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "1.5e+16")
    }

    /// The buffer-writing formatter gives what joining the whole part, padding and fraction as strings
    /// gave (the definition, kept here), on seeded values of every magnitude a chart or score meets.
    @Test func agreesWithTheStringDefinition() {
        var random = SeededRandom(seed: 0xDEC1_2026)
        for _ in 0..<50_000 {
            let magnitude = [1e-6, 1e-3, 0.5, 1, 10, 297, 1e4, 1e9, 1e15, 1e16][random.next(below: 10)]
            let value = (Double(random.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            let places = random.next(below: 7)
            #expect(DecimalText.fixed(value, places: places) == Self.fixed(value, places: places), "\(value) \(places)")
            #expect(DecimalText.trimmed(value, places: places) == Self.trimmed(value, places: places), "\(value) \(places)")
            var bytes: [UInt8] = [UInt8(ascii: "L")]
            DecimalText.appendTrimmed(value, places: places, to: &bytes)
            #expect(bytes == Array(("L" + Self.trimmed(value, places: places)).utf8), "\(value) \(places)")
        }
    }

    static func fixed(_ value: Double, places: Int) -> String {
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
            let fraction = String(integer % divisor)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return negative ? "-" + text : text
    }

    static func trimmed(_ value: Double, places: Int) -> String {
        var text = fixed(value, places: places)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
