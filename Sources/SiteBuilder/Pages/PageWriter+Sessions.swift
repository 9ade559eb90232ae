import Deck
import Diagnostics
import Foundation
import SessionReports
import Study
import Templating

extension PageWriter {
    /// Session documents (personal health data): `sessions/`, never in the search index, `noindex`,
    /// linked only from the sessions index; left out with `--no-sessions`.
    mutating func writeSessions(problems: inout ProblemList) {
        guard options.includeSessions else { return }
        let breedLinks = content.breeds?.pageLinks ?? [:]
        let breedNames = Dictionary(content.breeds?.breeds.map { ($0.id, $0.name) } ?? [], uniquingKeysWith: { first, _ in first })
        var reporter = SessionReporter(templates: templates, breedLinks: breedLinks, breedNames: breedNames,
                                       locale: content.settings.locale)
        var aliases: [String: String] = [:]
        for breed in content.breeds?.breeds ?? [] {
            for name in [breed.name] + breed.alternativeNames where aliases[SessionReporter.breedKey(name)] == nil {
                aliases[SessionReporter.breedKey(name)] = breed.id
            }
        }
        reporter.breedAliases = aliases
        reporter.gamesYear = content.settings.gamesYear
        reporter.timeZone = content.sessionTimeZone
        var log = DiagnosticLog()
        log.merge(content.sessionDiagnostics)
        let files = reporter.documents(for: content.sessions, studySessions: studySessionSummaries, log: &log)
        problems.diagnostics.append(contentsOf: log.all)
        // A session file that cannot be read is left out; its error is reported (exit 1) but the rest of
        // the site, other session documents included, is still published.
        containedErrors.formUnion(log.all.filter { $0.severity == .error })
        for file in files {
            do { try output.write(text: file.contents, to: "sessions/" + file.relativePath) } catch {
                problems.diagnostics.append(.writing(error, path: "sessions/" + file.relativePath))
            }
        }
        writeSessionPDFs(for: files, problems: &problems)
    }
}

extension PageWriter {
    /// Study sessions (SPEC §6.5) from the progress export, with completed cards linked to their pages.
    var studySessionSummaries: [StudySessionSummary] {
        let sessions = StudySession.group(content.study.record.reviews)
        // Only the cards a session completed are looked up: a table of every card's id was made for every
        // build, with or without a progress export (56 ms of a 100,000-card build's single-threaded end).
        let completed = Set(sessions.flatMap(\.completed))
        guard !completed.isEmpty else { return sessions.map { Self.summary(of: $0, cards: [:]) } }
        var cards: [String: Card] = [:]
        for card in content.deck.cards where completed.contains(card.id) && cards[card.id] == nil { cards[card.id] = card }
        return sessions.map { Self.summary(of: $0, cards: cards) }
    }

    /// The summary of `session`, its completed cards linked through `cards` (by id).
    private static func summary(of session: StudySession, cards: [String: Card]) -> StudySessionSummary {
        StudySessionSummary(
            start: session.start, end: session.end, reviewCount: session.reviewCount, cardCount: session.cardCount,
            easy: session.easy, unsure: session.unsure, hard: session.hard,
            completed: session.completed.compactMap { id in
                cards[id].map { StudySessionSummary.CompletedCard(title: $0.title, url: SitePaths.card($0)) }
            })
    }
}
