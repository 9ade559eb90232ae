import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` during an incremental build's commit (docs/architecture.md, "incremental builds"): the
/// commit removes the manifest first, then renames each changed file over the old one. A build killed
/// there must leave every file either its old or its new version, and the next build must be a full
/// one that gives exactly the site a cold build gives.
@Suite("A build killed while committing")
struct KilledBuildTests {
    static let templates = LoupeBinary.packageRoot.appendingPathComponent("Templates").path

    /// A deck of `count` cards in 12 topics; `answer` goes into every card's answer, so changing it
    /// changes every card page, study part and search shard.
    static func deck(cards count: Int, answer: String, renamedTopic: Bool) -> String {
        var text = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\n"
        for index in 0..<count {
            let topic = index % 12 == 0 && renamedTopic ? "Renamed \(index % 12)" : "Topic \(index % 12)"
            text += "Retina\t\(topic)\tCard \(index)\t# Question \(index)?\t\(answer) \(index) macula \(index % 97)\n"
        }
        return text
    }

    /// A temporary folder with `content/deck/deck.tsv` (written by the test) and a `site` to build.
    struct DeckProject {
        let root: URL
        var content: URL { root.appendingPathComponent("content") }
        var site: URL { root.appendingPathComponent("site") }
        var deckFile: URL { content.appendingPathComponent("deck/deck.tsv") }

        init(_ name: String) throws {
            root = try LoupeBinary.temporaryFolder(name)
            try FileManager.default.createDirectory(at: content.appendingPathComponent("deck"), withIntermediateDirectories: true)
        }
    }

    @Test func leavesOldOrNewFilesAndTheNextBuildIsAFullOne() throws {
        let project = try DeckProject("killed-commit")
        defer { TemporaryFolder.remove(project.root) }
        let root = project.root, content = project.content, site = project.site, deckFile = project.deckFile
        func build(_ out: URL, _ extra: [String] = []) throws -> LoupeBinary.Run {
            try LoupeBinary.run(["build", "--content", content.path, "--templates", Self.templates, "--out", out.path, "--quiet"] + extra)
        }
        func withoutManifest(_ files: [String: Data]) -> [String: Data] { files.filter { !$0.key.hasPrefix(".loupe/") } }

        var landedMidCommit = false
        for attempt in 0..<4 where !landedMidCommit {
            try? FileManager.default.removeItem(at: site)
            try Data(Self.deck(cards: 1500, answer: "Before \(attempt)", renamedTopic: false).utf8).write(to: deckFile)
            let first = try build(site)
            #expect(first.status == 0, "\(first.stderr)")
            let old = withoutManifest(LoupeBinary.snapshot(site))

            try Data(Self.deck(cards: 1500, answer: "After \(attempt)", renamedTopic: true).utf8).write(to: deckFile)
            let cold = root.appendingPathComponent("cold")
            try? FileManager.default.removeItem(at: cold)
            #expect(try build(cold, ["--force"]).status == 0)
            let new = withoutManifest(LoupeBinary.snapshot(cold))

            // The incremental build, killed once its commit (which renames in path order) has moved the
            // first new file into place.
            let manifest = site.appendingPathComponent(".loupe/manifest").path
            let firstNewFile = site.appendingPathComponent(try #require(new.keys.filter { old[$0] == nil }.sorted().first)).path
            let process = Process()
            process.executableURL = try #require(LoupeBinary.executable)
            process.arguments = ["build", "--content", content.path, "--templates", Self.templates, "--out", site.path, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var killed = false
            while process.isRunning {
                if access(firstNewFile, F_OK) == 0 {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                    break
                }
            }
            process.waitUntilExit()
            guard killed, process.terminationReason == .uncaughtSignal else { continue }  // finished first: try again

            #expect(!FileManager.default.fileExists(atPath: manifest), "a killed commit must leave no manifest")
            let left = withoutManifest(LoupeBinary.snapshot(site))
            var renamed = 0, pending = 0
            for (path, bytes) in left {
                let isOld = old[path] == bytes, isNew = new[path] == bytes
                #expect(isOld || isNew, "\(path) is neither its old nor its new version after the kill")
                if isNew && !isOld { renamed += 1 }
                if isOld && !isNew && new[path] != nil { pending += 1 }
            }
            landedMidCommit = renamed > 0 && pending > 0

            // The next build finds no manifest, builds in full and gives the cold build's site.
            let next = try build(site)
            #expect(next.status == 0, "\(next.stderr)")
            let rebuilt = withoutManifest(LoupeBinary.snapshot(site))
            #expect(rebuilt.keys.sorted() == new.keys.sorted())
            #expect(rebuilt.filter { new[$0.key] != $0.value }.keys.sorted() == [])
            #expect(FileManager.default.fileExists(atPath: manifest))
            let beside = try FileManager.default.contentsOfDirectory(atPath: root.path)
            #expect(beside.filter { $0.contains(".staging-") || $0.contains(".old-") } == [], "\(beside)")
        }
        #expect(landedMidCommit, "no kill landed between the commit's first and last rename in 4 attempts")
    }
}
