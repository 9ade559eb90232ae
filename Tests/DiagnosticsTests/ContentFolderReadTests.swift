import Diagnostics
import Foundation
import Testing

@Suite("Reading content files")
struct ContentFolderReadTests {
    /// A fresh folder with `content/` inside and `outside.txt` beside it.
    private func scratch() throws -> (content: URL, outside: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-read-\(UUID().uuidString)")
        let content = base.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let outside = base.appendingPathComponent("outside.txt")
        try Data("secret".utf8).write(to: outside)
        return (content, outside)
    }

    @Test("readBytes gives every byte, as read does, for empty, small and large files",
          arguments: [0, 1, 4095, 65_537, 3_000_001])
    func readsWholeFiles(size: Int) throws {
        let (content, _) = try scratch()
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        var generator = SystemRandomNumberGenerator()
        let expected = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let file = content.appendingPathComponent("deck.tsv")
        try Data(expected).write(to: file)
        let folder = ContentFolder(root: content)
        var log = DiagnosticLog()
        let bytes = try #require(folder.readBytes(file, display: "content/deck.tsv", log: &log))
        let viaData = [UInt8](try #require(folder.read(file, display: "content/deck.tsv", log: &log)))
        #expect(bytes.count == size)
        let same = bytes == expected, sameAsRead = bytes == viaData  // compared apart: a failure prints no megabytes
        #expect(same, "the bytes differ from the file's")
        #expect(sameAsRead, "the bytes differ from read(_:display:log:)")
        #expect(log.all.isEmpty)
    }

    @Test func refusesWhatReadRefusesWithTheSameMessages() throws {
        let (content, outside) = try scratch()
        defer { try? FileManager.default.removeItem(at: content.deletingLastPathComponent()) }
        let link = content.appendingPathComponent("link.tsv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        let folder = ContentFolder(root: content)
        for (url, display) in [(link, "content/link.tsv"), (content.appendingPathComponent("folder"), "content/folder"),
                               (content.appendingPathComponent("missing.tsv"), "content/missing.tsv")] {
            var bytesLog = DiagnosticLog(), dataLog = DiagnosticLog()
            #expect(folder.readBytes(url, display: display, log: &bytesLog) == nil)
            #expect(folder.read(url, display: display, log: &dataLog) == nil)
            #expect(bytesLog == dataLog)
        }
        var log = DiagnosticLog()
        _ = folder.readBytes(link, display: "content/link.tsv", log: &log)
        #expect(log.warnings.count == 1 && log.warnings[0].message.contains("outside the content folder"))
    }
}
