import LocatedJSON
import Testing

@Suite("JSON with positions")
struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    @Test func valuesAndKeysKnowWhereTheyStart() throws {
        let root = try parse("[\n  { \"id\": \"abys\",\n    \"weight\": {\"metric\": \"3 - 5\"} }\n]")
        let record = try #require(root.array?.first)
        #expect((record.line, record.column) == (2, 3))
        let weight = try #require(record.member("weight"))
        #expect((weight.keyLine, weight.keyColumn) == (3, 5))
        #expect((weight.node.line, weight.node.column) == (3, 15))
        #expect(weight.node["metric"]?.string == "3 - 5")
    }

    @Test func truncatedInputIsReportedWhereItWasCut() {
        #expect {
            try parse("[\n  { \"name\": \"Cut\" \n\n")
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == 2 && error.column == 18 && error.message.contains("truncated")
        }
    }

    @Test func booleansStayDistinctFromNumbers() throws {
        let root = try parse(#"{"a": true, "b": 1, "c": null, "d": "é\u00e9"}"#)
        #expect(root["a"]?.value == .bool(true))
        #expect(root["b"]?.number == 1)
        #expect(root["c"]?.value == .null)
        #expect(root["d"]?.string == "éé")
    }

    @Test func hostileNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
    }
}
