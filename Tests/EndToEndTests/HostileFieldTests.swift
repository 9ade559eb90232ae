import Foundation
import Testing

/// Hostile values in single fields: layout markers, terminal control characters, huge fields,
/// wrongly typed settings and absurd chart distances.
@Suite("hostile fields, end to end", .serialized)
struct HostileFieldTests {
    static let header = "Category\tTopic\tSubtopic\tImage\tHeader 1\tInfo1\n"
    static let templates = LoupeBinary.packageRoot.appendingPathComponent("Templates").path

    /// Runs `loupe <command>` on a content folder made of `deck` and `extra` files.
    static func run(_ command: String, deck: String, extra: [String: String] = [:]) throws -> (LoupeBinary.Run, URL) {
        let content = try LoupeBinary.content(deck: deck, extra: extra)
        let out = content.deletingLastPathComponent().appendingPathComponent("site-\(UUID().uuidString)")
        var arguments = [command, "--content", content.path, "--templates", templates]
        if command == "build" { arguments += ["--out", out.path] }
        return (try LoupeBinary.run(arguments), out)
    }

    @Test func layoutMarkersTypedIntoSettingsStayText() throws {
        let settings = "title: \"T \\uE000loupe-body\\uE000 \\uE000loupe-title\\uE000\"\ndescription: \"D \\uE000loupe-body\\uE000\"\n"
        let (run, out) = try Self.run("build", deck: Self.header + "Eyes\tLens\tCataract\t\tSigns\t- cloudy\n", extra: ["loupe.yml": settings])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(run.status == 0, "\(run.stderr)")
        let about = try String(contentsOf: out.appendingPathComponent("about.html"), encoding: .utf8)
        let meta = try #require(about.split(separator: "\n").first { $0.contains("name=\"description\"") })
        #expect(!meta.contains("<p") && !meta.contains("<h1"), "the page body was spliced into the description attribute: \(meta)")
        let card = try String(contentsOf: out.appendingPathComponent("deck/eyes/lens/cataract.html"), encoding: .utf8)
        #expect(card.components(separatedBy: "cloudy").count == 2, "the card body appears more than once")
        #expect(card.contains("\u{E000}loupe-body\u{E000}"), "the typed text should stay as text")
    }

    @Test func controlCharactersInDiagnosticsAreEscaped() throws {
        let (run, _) = try Self.run("check", deck: Self.header + "Eyes\tLens\tCataract\tx\u{1B}[2J\u{1B}]0;pwned\u{07}.png\tSigns\t- cloudy\n")
        #expect(run.stderr.contains("warning"), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "raw control characters reached the terminal")
        #expect(run.stderr.contains("\\u{1B}[2J"), "\(run.stderr)")
    }

    @Test func oversizedFieldsAreRefusedWithAClearError() throws {
        let title = String(repeating: "T", count: 5000)
        let (titleRun, _) = try Self.run("check", deck: Self.header + "Eyes\tLens\t\(title)\t\tSigns\t- x\nEyes\tLens\tok\t\tSigns\t- y\n")
        #expect(titleRun.status == 1 && titleRun.stderr.contains(":2:3: error: this title is 4 KB long"), "\(titleRun.stderr)")
        let cell = String(repeating: "c", count: 2 * 1024 * 1024)
        let (cellRun, _) = try Self.run("check", deck: Self.header + "Eyes\tLens\tok\t\tSigns\t\(cell)\n")
        #expect(cellRun.status == 1 && cellRun.stderr.contains(":2:6: error: this cell is 2048 KB long; a cell may be at most 1 MB"), "\(cellRun.stderr)")
        let (settingsRun, _) = try Self.run("check", deck: Self.header + "Eyes\tLens\tok\t\tSigns\t- y\n",
                                            extra: ["loupe.yml": "title: " + String(repeating: "x", count: 2000) + "\n"])
        #expect(settingsRun.status == 1 && settingsRun.stderr.contains("'title' is 2000 bytes long; it may be at most 1024 bytes"), "\(settingsRun.stderr)")
    }

    @Test func settingsTypeErrorsAreLocatedAndPlain() throws {
        let deck = Self.header + "Eyes\tLens\tok\t\tSigns\t- y\n"
        let (title, _) = try Self.run("check", deck: deck, extra: ["loupe.yml": "title: [1, 2]\n"])
        #expect(title.status == 1 && title.stderr.contains("loupe.yml:1:8: error: 'title' should be text, not a list"), "\(title.stderr)")
        let (distances, _) = try Self.run("check", deck: deck, extra: ["loupe.yml": "title: x\ncharts:\n  distances: [3m, [1]]\n"])
        #expect(distances.stderr.contains("loupe.yml:3:19: error: 'charts.distances[2]' should be text, not a list"), "\(distances.stderr)")
        #expect(!distances.stderr.contains("Scalar") && !distances.stderr.contains("Index"), "\(distances.stderr)")
    }

    @Test func absurdChartDistancesAreRejected() throws {
        let deck = Self.header + "Eyes\tLens\tok\t\tSigns\t- y\n"
        for distance in ["0.001mm", "1e300m", "0.0000001m", "5000m"] {
            let (run, _) = try Self.run("check", deck: deck, extra: ["loupe.yml": "title: x\ncharts:\n  distances: [\(distance)]\n"])
            #expect(run.status == 1 && run.stderr.contains("from 10 cm to 100 m"), "\(distance): \(run.stderr)")
        }
    }
}
