import Diagnostics
import Foundation
import Testing
@testable import Sessions

@Suite("Templated note outlines and sessions")
struct NoteSessionTests {
    static let outlineText = """
    {
      "format": "loupe-note-outline", "version": 1, "id": "demo", "title": "Demo", "trials": 3,
      "categories": [
        { "title": "A", "inputs": [
          { "id": "kind", "label": "Kind", "kind": "single", "options": ["One", "Two"] },
          { "id": "mods", "label": "Mods", "kind": "multiple", "options": ["X", "Y", "Z"] },
          { "id": "pas", "label": "PAS", "kind": "scale", "min": 1, "max": 8, "step": 1, "labels": { "8": "Silent" } },
          { "id": "delay", "label": "Delay", "kind": "scale", "min": 0, "max": 5, "step": 0.5, "unit": "s" },
          { "id": "note", "label": "Note", "kind": "text" }
        ]}
      ]
    }
    """

    static func outlines() throws -> [String: NoteOutline] {
        var log = DiagnosticLog()
        let document = try #require(TestSupport.document(outlineText, path: "demo.json", log: &log))
        let outline = try #require(NoteOutlineReader.read(document, log: &log))
        #expect(log.all.isEmpty)
        return [outline.id: outline]
    }

    static func session(_ trials: String, outline: String = "demo") -> String {
        """
        {
          "format": "loupe-note-session", "version": 1, "id": "n1", "outline": "\(outline)",
          "started": "2025-03-14T11:02:00Z",
          "trials": \(trials)
        }
        """
    }

    func read(_ text: String, log: inout DiagnosticLog) throws -> NoteSession? {
        let document = try #require(TestSupport.document(text, path: "n.json", log: &log))
        return NoteSessionReader.read(document, outlines: try Self.outlines(), log: &log)
    }

    @Test func readsValuesOtherValuesAndTimes() throws {
        var log = DiagnosticLog()
        let session = try #require(try read(Self.session("""
        [
          { "trial": 2, "inputs": { "pas": { "value": 8, "completed": "2025-03-14T11:05:00Z" } } },
          { "trial": 1, "inputs": {
              "kind": { "other": "Three" },
              "mods": { "value": ["X", "Z"], "other": "W", "completed": "2025-03-14T11:03:00Z" },
              "delay": { "value": 2.5 }
          } }
        ]
        """), log: &log))
        #expect(log.all.isEmpty)
        #expect(session.trials.map(\.number) == [1, 2])
        #expect(session.trials[0].entries["kind"]?.values == [.other("Three")])
        #expect(session.trials[0].entries["mods"]?.values == [.option("X"), .option("Z"), .other("W")])
        #expect(session.trials[0].entries["mods"]?.completed?.timeOfDay == "11:03:00")
        #expect(session.trials[0].entries["note"] == nil) // never recorded
        #expect(session.trials[1].entries["pas"]?.values == [.number(8)])
    }

    @Test func emptyNotesAreNotSaved() throws {
        var log = DiagnosticLog()
        #expect(try read(Self.session("[{ \"inputs\": {} }, { }]"), log: &log) == nil)
        #expect(log.errors.count == 1)
        #expect(log.errors.first?.message.contains("empty notes are not saved") == true)
    }

    @Test func unknownOutline() throws {
        var log = DiagnosticLog()
        #expect(try read(Self.session("[]", outline: "nope"), log: &log) == nil)
        let error = try #require(log.errors.first)
        #expect(error.location == SourceLocation(path: "n.json", line: 2, column: 72))
        #expect(error.message.contains("unknown outline \"nope\""))
        #expect(error.message.contains("known outlines: demo"))
    }

    @Test(arguments: [
        ("{ \"pas\": { \"value\": 9 } }", "outside the scale"),
        ("{ \"pas\": { \"value\": 2.5 } }", "outside the scale"),
        ("{ \"delay\": { \"value\": 0.7 } }", "outside the scale"),
        ("{ \"pas\": { \"value\": \"3\" } }", "expected a number"),
        ("{ \"kind\": { \"value\": \"Four\" } }", "not an option"),
        ("{ \"kind\": { \"value\": \"One\", \"other\": \"Two\" } }", "not both"),
        ("{ \"mods\": { \"value\": [\"X\", \"X\"] } }", "chosen twice"),
        ("{ \"pas\": { \"value\": 3, \"other\": \"x\" } }", "only choice inputs"),
        ("{ \"note\": { \"value\": \"\" } }", "has no value"),
        ("{ \"ghost\": { \"value\": 1 } }", "has no input \"ghost\""),
        ("{ \"pas\": { \"value\": 3, \"completed\": \"yesterday\" } }", "not a date"),
    ])
    func invalidValuesAreLocated(inputs: String, expected: String) throws {
        var log = DiagnosticLog()
        #expect(try read(Self.session("[{ \"inputs\": \(inputs) }]"), log: &log) == nil)
        let error = try #require(log.errors.first)
        #expect(error.message.contains(expected), "\(error)")
        #expect(error.message.hasPrefix("trials[0].inputs."), "\(error)")
        #expect(error.location.line == 4)
    }

    @Test func tooManyTrials() throws {
        var log = DiagnosticLog()
        let four = Array(repeating: "{ \"inputs\": { \"pas\": { \"value\": 1 } } }", count: 4).joined(separator: ",")
        #expect(try read(Self.session("[\(four)]"), log: &log) == nil)
        #expect(log.errors.contains { $0.message.contains("4 trials recorded but the outline \"demo\" has 3") })
    }

    @Test func malformedOutlines() throws {
        let cases: [(String, String)] = [
            (Self.outlineText.replacingOccurrences(of: "\"step\": 0.5", with: "\"step\": 0"), "0 < step"),
            (Self.outlineText.replacingOccurrences(of: "\"kind\": \"text\"", with: "\"kind\": \"slider\""), "expected single, multiple, scale or text"),
            (Self.outlineText.replacingOccurrences(of: "\"id\": \"mods\"", with: "\"id\": \"kind\""), "must be unique"),
            (Self.outlineText.replacingOccurrences(of: "\"8\": \"Silent\"", with: "\"9\": \"Silent\""), "not on the scale"),
            (Self.outlineText.replacingOccurrences(of: "\"trials\": 3", with: "\"trials\": 0"), "whole number from 1"),
        ]
        for (text, expected) in cases {
            var log = DiagnosticLog()
            let document = try #require(TestSupport.document(text, path: "o.json", log: &log))
            #expect(NoteOutlineReader.read(document, log: &log) == nil)
            #expect(log.errors.first?.message.contains(expected) == true, "\(log.errors)")
            #expect(log.errors.first?.location.line != nil)
        }
    }

    @Test func shippedBariumSwallowOutline() throws {
        var log = DiagnosticLog()
        let catalog = SessionLoader.load(contentDirectory: TestSupport.repositoryContent, log: &log)
        let outline = try #require(catalog.outlines.first { $0.id == "barium-swallow" })
        guard case .singleChoice(let options) = outline.input("consistency")?.kind else {
            Issue.record("consistency is not a single choice")
            return
        }
        #expect(options.count == 11)
        guard case .multipleChoice = outline.input("modifications")?.kind else {
            Issue.record("modifications is not a multiple choice")
            return
        }
        guard case .scale(let pas) = outline.input("pas")?.kind else {
            Issue.record("pas is not a scale")
            return
        }
        #expect(pas.minimum == 1 && pas.maximum == 8 && pas.step == 1 && pas.labels.count == 8)
    }

    @Test func theAppsRulesNoneChosenTypedInSavedAsOptionAndASubject() throws {
        var log = DiagnosticLog()
        let text = Self.session("""
        [ { "inputs": { "mods": { "value": [] }, "kind": { "value": "Two", "other": "Two" } } },
          { "inputs": { "kind": { "other": "One" } } } ]
        """).replacingOccurrences(of: "\"trials\":", with: "\"subject\": \"Bed 12\", \"trials\":")
        let session = try #require(try read(text, log: &log))
        #expect(log.all.isEmpty, "\(log.all)")
        #expect(session.subject == "Bed 12")
        // A multiple choice answered with none chosen is recorded (shown "none"), not "not recorded".
        #expect(session.trials[0].entries["mods"]?.values == [])
        // A typed-in value the app later saved as an option is accepted and stays typed in.
        #expect(session.trials[0].entries["kind"]?.values == [.other("Two")])
        #expect(session.trials[1].entries["kind"]?.values == [.other("One")])
    }
}
