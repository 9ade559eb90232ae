import Foundation
import Testing

@Suite("loupe export anki")
struct ExportCommandTests {
    static let deck = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\tHeader2\tInfo2\nC\tT\tOne\t# Q1?\tA1\t# Q2?\tA2\nC\tT\tTwo\t# Q?\tA\tnil\tnil\n"

    @Test("writes a package and a text file; same deck, same bytes")
    func writes() throws {
        let content = try LoupeBinary.content(deck: Self.deck, extra: ["loupe.yml": "title: Tiny\n"])
        defer { try? FileManager.default.removeItem(at: content) }
        let apkg = content.appendingPathComponent("out/tiny.apkg").path
        try FileManager.default.createDirectory(at: content.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try LoupeBinary.run(["export", "anki", "--content", content.path, "--out", apkg, "--timestamp", "1700000000"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote 2 notes, 3 cards, 0 media files to \(apkg)"))
        let bytes = try #require(FileManager.default.contents(atPath: apkg))
        #expect(bytes.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        let other = content.appendingPathComponent("out/other.apkg").path
        #expect(try LoupeBinary.run(["export", "anki", "--content", content.path, "--out", other, "--timestamp", "1700000000"]).status == 0)
        #expect(FileManager.default.contents(atPath: other) == bytes)

        let txt = content.appendingPathComponent("out/tiny.txt").path
        let text = try LoupeBinary.run(["export", "anki", "--content", content.path, "--out", txt, "--format", "txt", "--quiet"])
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        #expect(try String(contentsOfFile: txt, encoding: .utf8).hasPrefix("#separator:tab\n#html:true\n"))
    }

    @Test("bad usage exits 2; a missing content folder exits 1 with a located error")
    func failures() throws {
        let format = try LoupeBinary.run(["export", "anki", "--format", "csv"])
        #expect(format.status == 2)
        #expect(format.stderr.contains("unknown --format 'csv'; use apkg or txt"))
        let folder = try LoupeBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try LoupeBinary.run(["export", "anki", "--content", "no-such-folder", "--out", folder.appendingPathComponent("x.apkg").path], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no-such-folder: error: content folder not found"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.apkg").path))
    }
}
