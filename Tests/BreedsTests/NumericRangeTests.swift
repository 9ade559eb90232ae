import Testing
@testable import Breeds

@Suite("Range parsing")
struct NumericRangeTests {
    @Test(arguments: [
        ("12 - 16", 12.0, 16.0),
        ("10 – 12 years", 10, 12),
        ("7  -  10", 7, 10),
        ("12 - 16 Years years", 12, 16),
        ("10 years", 10, 10),
        ("9 - 11.5", 9, 11.5),
        ("11,5 - 15,5", 11.5, 15.5),
        ("5 - 5", 5, 5),
        ("16 - 12", 12, 16),
        ("9 to 11", 9, 11),
        ("13—15", 13, 15),
    ])
    func readsCompleteRanges(text: String, lower: Double, upper: Double) throws {
        let result = NumericRange.parse(text)
        guard case .complete(let range) = result else {
            Issue.record("\(text) gave \(result)")
            return
        }
        #expect(range.lower == lower)
        #expect(range.upper == upper)
    }

    @Test func upToIsAnOpenLowerBound() {
        #expect(NumericRange.parse("up - 18") == .complete(NumericRange(lower: nil, upper: 18)!))
        #expect(NumericRange(lower: nil, upper: 18)!.formatted(unit: "lb") == "up to 18 lb")
    }

    @Test func damagedPartsArePartial() {
        #expect(NumericRange.parse("NaN - 8") == .partial(NumericRange(lower: nil, upper: 8)!))
        #expect(NumericRange.parse("4 - lots") == .partial(NumericRange(lower: 4, upper: nil)!))
    }

    @Test(arguments: ["", "NaN", "unknown", "-", "1 - 2 - 3", "inf", "nan - nan"])
    func unreadableTextGivesNothing(text: String) {
        #expect(NumericRange.parse(text) == .unreadable)
    }

    @Test func formatsWithoutLocaleAndWithEnDash() {
        #expect(NumericRange(lower: 3, upper: 5)!.formatted(unit: "kg") == "3–5 kg")
        #expect(NumericRange(lower: 9.5, upper: 11.25)!.formatted() == "9.5–11.25")
        #expect(NumericRange(value: 12).formatted(unit: "years") == "12 years")
        #expect(NumericRange(lower: 0.45, upper: 0.05)!.formatted() == "0.05–0.45")
    }

    @Test func convertsBetweenSystemsWhenOneIsMissing() throws {
        let weight = try #require(BodyMeasure(kind: .weight, metric: nil, imperial: NumericRange(lower: 6, upper: 13)))
        #expect(weight.metricText == "≈ 2.7–5.9 kg")
        #expect(weight.imperialText == "6–13 lb")
        let height = try #require(BodyMeasure(kind: .height, metric: NumericRange(lower: 23, upper: 29), imperial: nil))
        #expect(height.imperialText == "≈ 9.1–11 in")
        #expect(height.metricText == "23–29 cm")
        #expect(BodyMeasure(kind: .height, metric: nil, imperial: nil) == nil)
    }
}
