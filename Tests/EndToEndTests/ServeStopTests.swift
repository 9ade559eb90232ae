import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) or SIGTERM while `loupe serve` makes its first build: nothing is served yet, so it
/// stops at once instead of after a build that can take a minute, and the site is left as it was.
@Suite("Stopping loupe serve")
struct ServeStopTests {
    @Test func aSignalDuringTheFirstBuildStopsAtOnceAndLeavesThePreviousSite() throws {
        let project = try KilledBuildTests.DeckProject("serve-stop")
        defer { TemporaryFolder.remove(project.root) }
        let root = project.root, content = project.content, site = project.site, deckFile = project.deckFile
        try Data(KilledBuildTests.deck(cards: 3000, answer: "Before", renamedTopic: false).utf8).write(to: deckFile)
        let arguments = ["--content", content.path, "--templates", KilledBuildTests.templates, "--out", site.path]
        #expect(try LoupeBinary.run(["build", "--quiet"] + arguments).status == 0)
        let before = LoupeBinary.snapshot(site)
        // Every card changes: serve's first build rewrites the whole site.
        try Data(KilledBuildTests.deck(cards: 3000, answer: "After", renamedTopic: false).utf8).write(to: deckFile)

        let process = Process()
        process.executableURL = try #require(LoupeBinary.executable)
        process.arguments = ["serve", "--port", "0"] + arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // The build is under way once its staging folder exists beside the site.
        let staging = ".site.staging-\(process.processIdentifier)"
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline,
              !((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).contains(staging) {
            usleep(2_000)
        }
        let signalled = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(signalled)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGINT, "\(stderr)")
        #expect(seconds < 2, "stopped \(seconds) s after the signal")
        #expect(stderr.contains("stopped before the first build finished") && !stderr.contains("serving"), "\(stderr)")
        #expect(LoupeBinary.snapshot(site) == before, "the stopped build changed the site")
        // The next build clears what the stopped one left and publishes the edit.
        #expect(try LoupeBinary.run(["build", "--quiet"] + arguments).status == 0)
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).contains { $0.contains(".staging-") })
        #expect(LoupeBinary.snapshot(site) != before)
    }
}
