import Diagnostics
import Foundation
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

/// The plan (docs/architecture.md, "The pipeline"): every deck output once, each with a digest of
/// exactly its inputs, so an edit changes the digests of the files it touches and no others.
@Suite("The deck plan")
struct DeckPlanTests {
    /// The digest of every planned file of `project`'s content, by path.
    static func digests(of project: IncrementalBuildTests.Project) throws -> [String: String] {
        var log = DiagnosticLog()
        let options = project.options(out: "site")
        let content = try #require(SiteContent.load(options, log: &log))
        let renderer = PageRenderer(templates: try TemplateLibrary(directory: project.templates), site: ["title": "T"])
        let plan = DeckPlan.files(of: content, images: [:], cardDigests: CardDigest.contents(of: content.deck, images: [:]),
                                  renderer: renderer)
        #expect(Set(plan.map(\.path)).count == plan.count, "a path is planned twice")
        #expect(plan.count(where: { $0.path.hasPrefix("deck/") && $0.path.hasSuffix(".html") }) >= content.deck.cardCount)
        var result: [String: String] = [:]
        for file in plan {
            // Index pages are digested from their context when made; cards and study parts from the model.
            result[file.path] = file.digest() ?? "context"
        }
        return result
    }

    @Test func anEditChangesTheDigestsOfItsCardPageAndStudyPartOnly() throws {
        let project = try IncrementalBuildTests.Project()
        defer { TemporaryFolder.remove(project.root) }
        let before = try Self.digests(of: project)
        #expect(before["study/topics/anatomy/the-globe/1.js"] != nil)
        try project.edit(project.deck) { $0.replacingOccurrences(of: "Outer fibrous coat", with: "Outer fibrous tunic") }
        let after = try Self.digests(of: project)
        #expect(after.keys.sorted() == before.keys.sorted())
        let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
        #expect(changed == ["deck/anatomy/the-globe/coats-of-the-eye.html", "study/topics/anatomy/the-globe/1.js"])
    }
}
