import Foundation
import Testing
@testable import SiteBuilder
import TestSupport

@Suite("staged output: atomic swap, regular-file copies")
struct StagedOutputTests {
    static func temporaryFolder() throws -> URL {
        try TemporaryFolder.make("staged")
    }

    @Test func exchangeSwapsTwoFoldersInOneStep() throws {
        let base = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let a = base.appendingPathComponent("a"), b = base.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
        try Data("A".utf8).write(to: a.appendingPathComponent("mark"))
        try Data("B".utf8).write(to: b.appendingPathComponent("mark"))
        // ext4, xfs, btrfs and tmpfs all exchange; the temporary folder is one of them on Linux CI.
        #expect(AtomicExchange.exchange(a.path, b.path) == .exchanged)
        #expect(try String(contentsOf: a.appendingPathComponent("mark"), encoding: .utf8) == "B")
        #expect(try String(contentsOf: b.appendingPathComponent("mark"), encoding: .utf8) == "A")
    }

    /// Files land at their path inside the staging folder, their folders made on the way; a path that
    /// would leave it is refused and nothing is written.
    @Test func filesLandInsideTheStagingFolderAndOnlyThere() throws {
        let base = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let output = try StagedOutput(destination: base.appendingPathComponent("site"))
        try output.write("card", to: "deck/retina/amd/drusen.html")
        try output.write("top", to: "index.html")
        try output.write("again", to: "deck/retina/amd/other.html")
        #expect(try String(contentsOfFile: output.staging.path + "/deck/retina/amd/drusen.html", encoding: .utf8) == "card")
        #expect(try String(contentsOfFile: output.staging.path + "/index.html", encoding: .utf8) == "top")
        #expect(output.writtenSizes == ["deck/retina/amd/drusen.html": 4, "index.html": 3, "deck/retina/amd/other.html": 5])
        for path in ["../escape.html", "/tmp/escape.html", "deck/../../escape.html", "a/./b.html", "", "/", "..", ".", "a/..",
                     "a/.", "//", "a/b/../../..", "./a.html"] {
            #expect(throws: OutputError.outsideOutput(path: path)) { try output.write("x", to: path) }
        }
        // Dots that are part of a name, and empty parts, stay inside.
        for path in ["a/.../b.html", "..hidden.html", "a/.b/c.", "a//b.html", "deck/é/..é.html"] {
            #expect(StagedOutput.staysInside(path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("escape.html").path))
        output.discard()
    }

    @Test func commitReplacesTheSiteWithoutEverMovingItAside() throws {
        let base = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let site = base.appendingPathComponent("site")
        let first = try StagedOutput(destination: site)
        try first.write("one", to: "index.html")
        try first.commit()
        let second = try StagedOutput(destination: site)
        try second.write("two", to: "index.html")
        let stagedInode = try FileManager.default.attributesOfItem(atPath: second.staging.path)[.systemFileNumber] as? Int
        try second.commit()
        // The staging folder itself became the site (an exchange, not a copy), and nothing is left beside it.
        #expect(try FileManager.default.attributesOfItem(atPath: site.path)[.systemFileNumber] as? Int == stagedInode)
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.path) == ["site"])
    }

    @Test func copiesFollowLinksAndWriteRegularFiles() throws {
        let base = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let real = base.appendingPathComponent("real.png")
        try Data(repeating: 0xAB, count: 3 << 20).write(to: real)
        let link = base.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let output = try StagedOutput(destination: base.appendingPathComponent("site"))
        try output.copy(link, to: "images/x.png")
        let copied = output.staging.appendingPathComponent("images/x.png")
        let attributes = try FileManager.default.attributesOfItem(atPath: copied.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: copied) == Data(contentsOf: real))
        #expect(output.writtenSizes["images/x.png"] == 3 << 20)
        output.discard()
    }
}
