import Diagnostics
import Foundation
import Testing
@testable import Study

struct TimeAndNoteTests {
    @Test(arguments: ["2025-05-01T09:30:00.000Z", "1969-12-31T23:59:59.000Z", "2024-02-29T00:00:00.123Z"])
    func timesRoundTrip(text: String) throws {
        #expect(StudyTime.format(try time(text)) == text)
    }

    @Test func offsetsAndBadTimes() throws {
        #expect(try time("2025-05-01T11:30:00+02:00") == (try time("2025-05-01T09:30:00Z")))
        for bad in ["2025-02-30T00:00:00Z", "2025-05-01", "2025-05-01T09:30:00", "tomorrow", "2025-05-01T25:00:00Z"] {
            #expect(StudyTime.parse(bad) == nil, "\(bad)")
        }
    }

    func readNote(_ text: String) -> (StudyNote?, DiagnosticLog) {
        var log = DiagnosticLog()
        return (MarkdownNoteReader.read(Array(text.utf8), path: "notes/n.md", log: &log), log)
    }

    @Test func readsFrontMatter() throws {
        let (note, log) = readNote("---\r\ntitle: x\r\ncard: \"retina/amd/wet\"\r\n---\r\n\r\n**Remember** <script>alert(1)</script>\r\n")
        #expect(log.all.isEmpty)
        let read = try #require(note)
        #expect(read.card == "retina/amd/wet")
        #expect(read.format == .markdown)
        #expect(read.text == "**Remember** <script>alert(1)</script>")
        #expect(read.source.line == 3)
    }

    @Test(arguments: [("no front matter", 1), ("---\ncard: a/b/c\n", 1), ("---\ntitle: x\n---\nbody", 1), ("---\njust text\n---\n", 2)])
    func badFrontMatterIsLocated(text: String, line: Int) throws {
        let (note, log) = readNote(text)
        #expect(note == nil)
        #expect(try #require(log.errors.first).location.line == line)
    }
}
