import Deck
import Diagnostics
import Foundation
import SessionReports
@testable import SiteBuilder
import Study
import Templating
import Testing
import TestSupport

/// Study session documents (SPEC §6.5) link each card a session completed to its page.
@Suite("Study session links")
struct StudySessionLinksTests {
    @Test func eachCompletedCardIsLinkedToItsPage() throws {
        let project = try IncrementalBuildTests.Project()
        defer { TemporaryFolder.remove(project.root) }
        var log = DiagnosticLog()
        let options = project.options(out: "site")
        let content = try #require(SiteContent.load(options, log: &log))
        let writer = PageWriter(content: content, templates: try TemplateLibrary(directory: project.templates),
                                output: HashingOutput(wrapping: DiscardingOutput()), options: options)
        let sessions = StudySession.group(content.study.record.reviews)
        let summaries = writer.studySessionSummaries
        #expect(summaries.count == sessions.count && !sessions.isEmpty, "the example content's progress has study sessions")
        let cards = content.deck.cards
        var linked = 0
        for (session, summary) in zip(sessions, summaries) {
            #expect(summary.start == session.start && summary.reviewCount == session.reviewCount)
            // Every completed id that is a card of the deck, in order, with that card's title and page.
            let expected = session.completed.compactMap { id in cards.first { $0.id == id } }
            #expect(summary.completed.map(\.title) == expected.map(\.title))
            #expect(summary.completed.map(\.url) == expected.map(SitePaths.card))
            linked += summary.completed.count
        }
        #expect(linked > 0, "no session completed a card of the deck")
    }
}
