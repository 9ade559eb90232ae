import Testing
@testable import Optotypes

@Suite("Parsing chart options")
struct ParsingTests {
    @Test("distances with units", arguments: [
        ("40cm", 400.0), ("3m", 3000), ("4 m", 4000), ("20ft", 6096), ("6.096m", 6096), ("16in", 406.4),
        ("400mm", 400), ("1e3mm", 1000), (" 20 feet ", 6096), ("16\"", 406.4),
    ])
    func goodDistances(text: String, millimetres: Double) throws {
        #expect(try ViewingDistance(parsing: text).millimetres.value == millimetres)
    }

    @Test("bad distances say why and how to fix", arguments: ["0m", "-3m", "nan m", "NaNm", "3", "3 parsecs", "", "m",
                                                                "1e999m", "inf m", "3..m", "200m"])
    func badDistances(text: String) {
        #expect(throws: OptotypeInputError.self) { try ViewingDistance(parsing: text) }
        do {
            _ = try ViewingDistance(parsing: text)
        } catch {
            #expect(error.description.contains("invalid viewing distance"))
            #expect(error.description.contains("e.g. 40cm"))
        }
    }

    @Test("near distances are under 1 m")
    func near() throws {
        #expect(try ViewingDistance(parsing: "40cm").isNear)
        #expect(try !ViewingDistance(parsing: "1m").isNear)
        #expect(try ViewingDistance(parsing: "20ft").token == "20ft")
        #expect(try ViewingDistance(parsing: "6.096m").description == "6.096 m")
    }

    @Test("row ranges")
    func goodRows() throws {
        let range = try LogMARRange(parsing: "+1.0..-0.3")
        #expect(range == .standard)
        #expect(try LogMARRange(parsing: "0.5..0.5").steps.map(\.tenths) == [5])
        #expect(try LogMARRange(parsing: "1..0").steps.count == 11)
        #expect(try LogMARRange(parsing: "+0.7..0.0").description == "+0.7..0.0")
    }

    @Test("bad row ranges: reversed, off the grid, malformed", arguments: [
        ("-0.3..+1.0", "reversed"), ("+1.05..0", "0.1 logMAR grid"), ("1.0-0.3", "'..'"), ("a..b", "not a number"),
        ("+3.0..0", "between"), ("..", "not a number"), ("1.0..", "not a number"), ("nan..0", "not a number"),
    ])
    func badRows(text: String, fragment: String) {
        do {
            _ = try LogMARRange(parsing: text)
            Issue.record("'\(text)' should be rejected")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test("paper, optotype and sequence names")
    func names() throws {
        #expect(try Paper(named: "A4") == .a4)
        #expect(try Paper(named: "tabloid").width.value == 279.4)
        #expect(try Paper(named: "letter").height.value == 279.4)
        #expect(throws: OptotypeInputError.unknownPaper("b5")) { try Paper(named: "b5") }
        #expect(try OptotypeKind(named: "tumbling-e") == .tumblingE)
        #expect(try OptotypeKind(named: "Landolt-C") == .landoltC)
        #expect(throws: OptotypeInputError.self) { try OptotypeKind(named: "snellen") }
        #expect(try ChartSequence(named: "r") == .chartR)
        #expect(throws: OptotypeInputError.self) { try ChartSequence(named: "3") }
        #expect(OptotypeInputError.unknownPaper("b5").description.contains("a4, letter, a3, tabloid, a2, a1, a0"))
    }
}
