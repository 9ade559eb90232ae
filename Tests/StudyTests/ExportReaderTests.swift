import Diagnostics
import Foundation
import Testing
@testable import Study

struct ExportReaderTests {
    static let good = """
    {
      "format": "loupe-study",
      "version": 1,
      "deck": "Ophthalmology review",
      "exportedAt": "2025-05-03T18:00:00.000Z",
      "cards": { "retina/amd/wet": { "repeat": 1, "updatedAt": "2025-05-02T09:05:00.000Z" } },
      "notes": { "retina/amd/wet": { "text": "Anti-VEGF <script>alert(1)</script>", "updatedAt": "2025-05-02T09:06:00.000Z" },
                 "lens/x/y": "shorthand note" },
      "reviews": [
        { "card": "retina/amd/wet", "rating": "easy", "at": "2025-05-02T09:05:00.000Z" },
        { "card": "retina/amd/wet", "rating": "hard", "at": "2025-05-02T09:00:00.000Z" }
      ],
      "futureField": {"ignored": true}
    }
    """

    @Test func readsAGoodExport() throws {
        let (read, log) = readExport(Self.good)
        let export = try #require(read)
        #expect(log.all.isEmpty)
        #expect(export.version == 1)
        #expect(export.deck == "Ophthalmology review")
        #expect(export.exportedAt == (try time("2025-05-03T18:00:00Z")))
        #expect(export.progress.map(\.card) == ["retina/amd/wet"])
        #expect(export.progress.first?.source.line == 6)
        #expect(export.notes.count == 2)
        #expect(export.notes.first?.text == "Anti-VEGF <script>alert(1)</script>")
        #expect(export.notes.allSatisfy { $0.format == .plainText })
        #expect(export.reviews.map(\.rating) == [.hard, .easy])  // sorted by time
    }

    @Test(arguments: [
        ("{\"format\": \"loupe-study\", \"version\": 1,\n  \"cards\": {", 2, 13, "truncated"),
        ("{\"format\": \"loupe-study\", \"version\": 1,\n \"notes\": {\"a\": 'x'}}", 2, 17, "unexpected character"),
        ("{\"format\": \"loupe-study\" \"version\": 1}", 1, 26, "expected ',' or '}'"),
        ("", 1, 1, "empty"),
        ("{\"format\": \"loupe-study\", \"version\": 1}\n]", 2, 1, "after the end"),
    ])
    func malformedJSONIsLocated(json: String, line: Int, column: Int, words: String) throws {
        let (export, log) = readExport(json)
        #expect(export == nil)
        let error = try #require(log.errors.first)
        #expect(error.location == SourceLocation(path: "progress/study.json", line: line, column: column), "\(error)")
        #expect(error.message.contains(words), "\(error.message)")
    }

    @Test func futureVersionIsAnErrorAtTheVersion() throws {
        let (export, log) = readExport("{\n  \"format\": \"loupe-study\",\n  \"version\": 2\n}")
        #expect(export == nil)
        let error = try #require(log.errors.first)
        #expect(error.description.hasPrefix("progress/study.json:3:14: error: this export is format version 2"))
        #expect(error.message.contains("update Loupe"))
    }

    @Test(arguments: [
        ("[1, 2]", "JSON object"),
        ("{\"version\": 1}", "not a Loupe study export"),
        ("{\"format\": \"loupe-study\"}", "no \"version\""),
        ("{\"format\": \"loupe-study\", \"version\": \"1\"}", "whole number"),
        ("{\"format\": \"loupe-study\", \"version\": 1, \"cards\": {\"a/b/c\": {\"repeat\": 9}}}", "from 1 (completed) to 5"),
        ("{\"format\": \"loupe-study\", \"version\": 1, \"reviews\": [{\"card\": \"a/b/c\", \"rating\": \"great\", \"at\": \"2025-01-01T00:00:00Z\"}]}", "\"easy\", \"unsure\" or \"hard\""),
        ("{\"format\": \"loupe-study\", \"version\": 1, \"reviews\": [{\"card\": \"a/b/c\", \"rating\": \"easy\", \"at\": \"yesterday\"}]}", "ISO 8601"),
        ("{\"format\": \"loupe-study\", \"version\": 1, \"notes\": {\"a/b/c\": 42}}", "must be an object"),
        ("{\"format\": \"loupe-study\", \"version\": 1, \"reviews\": {}}", "must be an array"),
    ])
    func wrongShapesAreErrors(json: String, words: String) throws {
        let (export, log) = readExport(json)
        #expect(export == nil)
        let error = try #require(log.errors.first)
        #expect(error.message.contains(words), "\(error.message)")
        #expect(error.location.line != nil)
    }

    @Test func hostileInputDoesNotCrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(readExport(deep).0 == nil)
        #expect(readExport(deep).1.errors.first?.message.contains("nested") == true)
        let invalidUTF8: [UInt8] = Array("{\"format\": \"loupe-study\", \"version\": 1, \"deck\": \"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
        var log = DiagnosticLog()
        #expect(StudyExportReader.read(invalidUTF8, path: "x.json", log: &log) == nil)
        #expect(log.errors.first?.message.contains("UTF-8") == true)
    }

    @Test func megabyteNoteIsRead() throws {
        let big = String(repeating: "<script>x</script> ", count: 60_000)  // > 1 MB
        let (export, log) = readExport("{\"format\":\"loupe-study\",\"version\":1,\"notes\":{\"a/b/c\":{\"text\":\"\(big)\"}}}")
        #expect(log.all.isEmpty)
        #expect(try #require(export).notes.first?.text.utf8.count ?? 0 > 1_000_000)
    }

    @Test func unicodeEscapesAndPositionsInCharacters() throws {
        let (export, _) = readExport("{\"format\":\"loupe-study\",\"version\":1,\"notes\":{\"a/b/c\":\"\\u00e9\\ud83d\\ude00 ✓\"}}")
        #expect(try #require(export).notes.first?.text == "é😀 ✓")
        let (_, log) = readExport("{\"deck\": \"éé\", x}")
        #expect(log.errors.first?.location.column == 16)
    }

    @Test func orphansAreListedWithTheirText() throws {
        var record = StudyRecord()
        record.add(try #require(readExport(Self.good).0))
        let orphans = record.orphans(in: ["retina/amd/wet"])
        #expect(orphans.map(\.card) == ["lens/x/y"])
        #expect(orphans.first?.notes.first?.text == "shorthand note")
        #expect(record.orphans(in: []).count == 2)
    }

    @Test func mergingExportsDeduplicatesReviews() throws {
        var record = StudyRecord()
        let export = try #require(readExport(Self.good).0)
        record.add(export)
        record.add(export)
        #expect(record.reviews.count == 2)
        #expect(record.notes["retina/amd/wet"]?.count == 1)
    }

    @Test func looksLikeExportSniffsTheFormat() {
        #expect(StudyExportReader.looksLikeExport(Array("{\"format\": \"loupe-study\"".utf8)))
        #expect(!StudyExportReader.looksLikeExport(Array("[{\"uid\": 1, \"games\": []}]".utf8)))
    }
}
