import Foundation
import Testing

/// Inputs that once killed the whole run with a Swift trap (SIGILL): each must now give a
/// diagnostic or a page, never a signal. They run the built binary on the fuzz seed corpus with
/// one file replaced.
@Suite("crashers found by fuzzing", .serialized)
struct CrashRegressionTests {
    static let corpus = LoupeBinary.packageRoot.appendingPathComponent("tests/fuzz/corpus")

    /// Runs `loupe check` on the corpus with `files` written over it; returns stderr.
    @discardableResult
    static func check(with files: [String: String]) throws -> String {
        let root = try LoupeBinary.temporaryFolder("crash")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("content")
        try FileManager.default.copyItem(at: corpus, to: content)
        for (path, text) in files {
            let url = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let binary = try #require(LoupeBinary.executable, "build the loupe executable first (swift build --product loupe)")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["check", "--content", content.path, "--templates", LoupeBinary.packageRoot.appendingPathComponent("Templates").path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: data, as: UTF8.self)
        #expect(process.terminationReason == .exit, "loupe check died by signal \(process.terminationStatus): \(stderr.suffix(500))")
        #expect([0, 1].contains(process.terminationStatus), "\(stderr.suffix(500))")
        return stderr
    }

    @Test func sessionVersionBeyondAnyInteger() throws {
        let stderr = try Self.check(with: ["sessions/incident-x.json": """
            {"format": "loupe-incident", "version": 1e30, "id": "x"}
            """])
        #expect(stderr.contains("version must be a whole number"), "\(stderr)")
    }

    @Test func outlineVersionBeyondAnyInteger() throws {
        try Self.check(with: ["outlines/huge.json": """
            {"format": "loupe-note-outline", "version": 1e30, "id": "huge"}
            """])
    }

    @Test func breedLifeSpanAndWeightBeyondAnyInteger() throws {
        try Self.check(with: ["breeds/cats.json": """
            [{"id": "abys", "name": "Abyssinian", "life_span": 1e300, "weight": {"metric": "46744073709551616", "imperial": "1e300 - 46744073709551616"}}]
            """])
    }

    @Test func incidentDurationBeyondAnyInteger() throws {
        let base = try String(contentsOf: Self.corpus.appendingPathComponent("sessions/incident-2025-05-06-02.json"), encoding: .utf8)
        let text = base.replacingOccurrences(of: "\"duration\": 74", with: "\"duration\": 1e300")
        #expect(text != base, "the seed recording changed; update this test")
        try Self.check(with: ["sessions/incident-2025-05-06-02.json": text])
    }
}
