import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Veterinary incidents")
struct IncidentTests {
    static func incident(id: String = "i1", created: String = "2025-05-06T09:00:00+01:00", emergency: Bool = false,
                         vet: String = "Dr A", costs: [String] = ["10"]) -> String {
        let notes = costs.map { "{ \"text\": \"n\", \"cost\": \($0) }" }.joined(separator: ", ")
        return """
        {
          "format": "loupe-incident", "version": 1, "id": "\(id)", "created": "\(created)",
          "emergency": \(emergency), "veterinarian": "\(vet)",
          "patient": { "id": "PT-1", "species": "cat", "breed": "abys", "sex": "female", "neutered": true },
          "notes": [\(notes)],
          "recordings": [{ "file": "a.m4a", "markedForDeletion": true }]
        }
        """
    }

    func read(_ text: String, log: inout DiagnosticLog) throws -> Incident? {
        let document = try #require(TestSupport.document(text, path: "i.json", log: &log))
        return IncidentReader.read(document, log: &log)
    }

    @Test func readsAnIncidentWithCosts() throws {
        var log = DiagnosticLog()
        let incident = try #require(try read(Self.incident(costs: ["35", "\"42.50\"", "0.1", "0.2"]), log: &log))
        #expect(log.all.isEmpty)
        #expect(incident.totalCost == Decimal(string: "77.8"))
        #expect(incident.patient?.breed == "abys")
        #expect(incident.patient?.isNeutered == true)
        #expect(incident.recordings.first?.isMarkedForDeletion == true)
    }

    @Test(arguments: [("-5", "cannot be negative"), ("\"abc\"", "amount in euros"), ("true", "amount in euros"),
                      ("\"1.2.3\"", "amount in euros"), ("\"--5\"", "amount in euros"), ("\"e\"", "amount in euros"),
                      ("\"1e3\"", "amount in euros"), ("\"-5\"", "amount in euros"), ("\"1,2,3\"", "amount in euros"),
                      ("1e300", "amount in euros")])
    func badCostsAreLocated(cost: String, expected: String) throws {
        var log = DiagnosticLog()
        #expect(try read(Self.incident(costs: ["1", cost]), log: &log) == nil)
        let error = try #require(log.errors.first)
        #expect(error.message.hasPrefix("notes[1].cost: "))
        #expect(error.message.contains(expected))
        #expect(error.location.line == 5)
    }

    @Test func costsAsTypedOnThePhoneAreDecimal() {
        #expect(CostText.parse("148,20") == Decimal(string: "148.2"))
        #expect(CostText.parse("12,5") == Decimal(string: "12.5"))
        #expect(CostText.parse(" 7 ") == 7)
        #expect(CostText.parse(",5") == Decimal(string: "0.5"))
        #expect(CostText.parse("") == nil)
        #expect(CostText.parse("1.2.3") == nil)
        #expect(CostText.parse("--5") == nil)
        #expect(CostText.parse("e") == nil)
        #expect(CostText.parse("١٢,٥") == Decimal(string: "12.5")) // Arabic-Indic digits from a phone keypad
        #expect(CostText.amount(0.1) == Decimal(string: "0.1"))
        #expect(CostText.amount(123456789.12).map { "\($0)" } == "123456789.12") // no float noise
        #expect(CostText.amount(1e300) == nil)
    }

    @Test func otherMalformedFields() throws {
        let cases: [(String, String)] = [
            (Self.incident().replacingOccurrences(of: "\"PT-1\"", with: "\"PT 1/2\""), "alphanumeric"),
            (Self.incident().replacingOccurrences(of: "\"female\"", with: "\"f\""), "female, male or unknown"),
            (Self.incident().replacingOccurrences(of: "\"emergency\": false", with: "\"emergency\": \"no\""), "true or false"),
            (Self.incident().replacingOccurrences(of: "2025-05-06T09:00:00+01:00", with: "6 May"), "not a date"),
            (Self.incident().replacingOccurrences(of: "\"veterinarian\": \"Dr A\"", with: "\"vet\": \"Dr A\""), "\"veterinarian\" is missing"),
        ]
        for (text, expected) in cases {
            var log = DiagnosticLog()
            #expect(try read(text, log: &log) == nil)
            #expect(log.errors.contains { $0.message.contains(expected) && $0.location.line != nil }, "\(log.all)")
        }
    }

    @Test func euroAmountsInTwoLocales() {
        let amount = Decimal(string: "1234.5") ?? 0
        #expect(EuroFormatter(locale: "en_IE").string(amount) == "€1,234.50")
        let german = EuroFormatter(locale: "de_DE").string(amount)
        #expect(german.replacingOccurrences(of: "\u{00A0}", with: " ") == "1.234,50 €")
        #expect(EuroFormatter().string(0) == "€0.00")
    }

    @Test func dayDigestPutsEmergenciesFirstAndTotalsPerVeterinarian() throws {
        var log = DiagnosticLog()
        let texts = [
            Self.incident(id: "a", created: "2025-05-06T09:00:00+01:00", vet: "Dr B", costs: ["10"]),
            Self.incident(id: "b", created: "2025-05-06T15:00:00+01:00", emergency: true, vet: "Dr A", costs: ["100", "20.5"]),
            Self.incident(id: "c", created: "2025-05-06T11:00:00+01:00", vet: "Dr A", costs: ["5"]),
            Self.incident(id: "d", created: "2025-05-07T00:30:00+01:00", vet: "Dr A", costs: ["1"]),
        ]
        let incidents = try texts.compactMap { try read($0, log: &log) }
        #expect(log.all.isEmpty)
        let days = IncidentDay.days(of: incidents)
        #expect(days.map(\.day) == ["2025-05-06", "2025-05-07"])
        #expect(days[0].incidents.map(\.id) == ["b", "a", "c"])
        #expect(days[0].totals.map(\.veterinarian) == ["Dr A", "Dr B"])
        #expect(days[0].totals[0].total == Decimal(string: "125.5"))
        #expect(days[0].totals[0].emergencyCount == 1)
        #expect(days[0].total == Decimal(string: "135.5"))
    }
}
