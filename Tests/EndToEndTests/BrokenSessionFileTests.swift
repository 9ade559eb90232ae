import Foundation
import Testing

/// One session file that cannot be read never stops the site (SPEC §6): it is left out with a located
/// error, the rest is published, and the exit status is 1.
@Suite("A broken session file never stops the site", .serialized)
struct BrokenSessionFileTests {
    static let deck = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\nRetina\tVessels\tCRAO\t# Q\tA\n"
    static let goodIncident = """
    {"format": "loupe-incident", "version": 1, "id": "inc-1", "created": "2025-05-06T09:00:00Z", "veterinarian": "Dr A"}
    """

    @Test func theRestOfTheSiteIsPublishedAndTheExitStatusIs1() throws {
        let out = try LoupeBinary.temporaryFolder().appendingPathComponent("site")
        let content = try LoupeBinary.content(deck: Self.deck, extra: [
            "sessions/good.json": Self.goodIncident,
            "sessions/broken.json": "{\"format\": \"loupe-incident\", \"id\": ",
            "sessions/incidents.json": "[{\"id\": \"6F1C\", \"description\": \"x\", \"date\": \"2026-07-02T09:30:02Z\", \"ideas\": [], \"snaps\": [], \"tapes\": [], \"emergency\": false}]",
        ])
        let run = try LoupeBinary.run(["build", "--content", content.path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("sessions/broken.json:1:"), "\(run.stderr)")
        #expect(run.stderr.contains("looks like vjot's incidents.json"), "\(run.stderr)")
        let files = LoupeBinary.snapshot(out)
        #expect(files["index.html"] != nil, "the site was not published")
        #expect(files["sessions/incidents/inc-1.html"] != nil, "the good session was left out: \(files.keys.sorted())")
        #expect(files["sessions/index.html"] != nil)
    }
}
