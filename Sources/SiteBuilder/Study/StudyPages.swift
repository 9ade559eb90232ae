import Deck
import Foundation
import Study

/// Template contexts for the study pages: Study (shuffle mode), Progress and Notes.
enum StudyPages {
    static let studyPath = "study.html"
    static let progressPath = "progress.html"
    static let notesPath = "notes.html"

    /// Where each card lives, for links and titles.
    struct CardInfo {
        var title: String
        var url: String
        var category: String
        var topic: String
    }

    /// Title, path, category and topic of the cards of `deck` whose ids are in `wanted`, by id.
    static func cardInfo(_ deck: Deck, only wanted: Set<String>) -> [String: CardInfo] {
        var info: [String: CardInfo] = [:]
        guard !wanted.isEmpty else { return info }
        for category in deck.categories {
            for topic in category.topics {
                for card in topic.cards where wanted.contains(card.id) {
                    info[card.id] = CardInfo(title: card.title, url: SitePaths.card(card), category: category.title, topic: topic.title)
                }
            }
        }
        return info
    }

    static func study(_ deck: Deck) -> [String: Any] {
        [
            "title": "Study", "cardCount": deck.cardCount,
            "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)],
            "indexURL": "study/cards.js",
        ]
    }

    static func progress(_ content: SiteContent) -> [String: Any] {
        let deck = content.deck
        let record = content.study.record
        // Only reviewed cards are named on the page (sessions, due cards).
        let info = cardInfo(deck, only: Set(record.reviews.map(\.card)))
        // Each card's category is its category's title (one string, shared).
        let cards = deck.categories.flatMap { category in
            category.topics.flatMap { topic in topic.cards.map { (id: $0.id, category: category.title) } }
        }
        let (overall, categories) = CompletionCount.count(cards, deckTitle: content.settings.title, record: record)
        func row(_ count: CompletionCount) -> [String: Any] {
            ["title": count.title, "completed": count.completed, "studied": count.studied, "total": count.total, "percent": count.percent]
        }
        var context: [String: Any] = [
            "title": "Progress",
            "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)],
            "overall": row(overall),
            "categories": categories.map(row),
            "hasSaved": !record.reviews.isEmpty || !record.savedProgress.isEmpty,
            "files": content.study.files.map { ["path": StudyContent.publishedName($0)] },
            "hasFiles": !content.study.files.isEmpty,
            "reviewCount": record.reviews.count,
            "answersText": CountText.text(record.reviews.count, "answer"),
        ]
        let asOf = record.asOf
        if let asOf { context["asOf"] = StudyTime.format(asOf); context["asOfText"] = readable(asOf) }

        if let chart = ReviewChart.svg(ReviewDay.history(record.reviews)) { context["chart"] = chart }

        let sessions = StudySession.group(record.reviews)
        context["sessionCount"] = sessions.count
        context["sessionsText"] = CountText.text(sessions.count, "session")
        context["sessions"] = sessions.reversed().prefix(50).map { session -> [String: Any] in
            [
                "start": readable(session.start), "minutes": max(1, Int((session.duration / 60).rounded(.up))),
                "reviews": session.reviewCount, "answersText": CountText.text(session.reviewCount, "answer"), "cards": session.cardCount, "easy": session.easy, "unsure": session.unsure,
                "hard": session.hard, "completed": session.completed.count,
                "completedCards": session.completed.compactMap { id in info[id].map { ["title": $0.title, "url": $0.url] } },
            ]
        }
        context["hasSessions"] = !sessions.isEmpty
        context["moreSessions"] = sessions.count > 50

        if let asOf {
            let schedule = DueCard.schedule(record.reviews).filter { info[$0.card] != nil }
            let due = schedule.filter { $0.due <= asOf }
            let soon = schedule.filter { $0.due > asOf && $0.due <= asOf.addingTimeInterval(7 * 86_400) }
            context["dueCount"] = due.count
            context["dueNoun"] = due.count == 1 ? "card" : "cards"
            context["soonCount"] = soon.count
            context["due"] = due.prefix(50).compactMap { item -> [String: Any]? in
                guard let card = info[item.card] else { return nil }
                return ["title": card.title, "url": card.url, "category": card.category, "due": readable(item.due)]
            }
            context["moreDue"] = max(0, due.count - 50)
            context["hasMoreDue"] = due.count > 50
            context["hasDue"] = !due.isEmpty
        }
        context["orphans"] = orphans(content.study.orphans)
        context["hasOrphans"] = !content.study.orphans.isEmpty
        return context
    }

    static func notes(_ content: SiteContent) -> [String: Any] {
        let record = content.study.record
        var entries: [[String: Any]] = []
        for category in content.deck.categories {
            for topic in category.topics {
                for card in topic.cards {
                    guard let notes = record.notes[card.id], !notes.isEmpty else { continue }
                    entries.append([
                        "title": card.title, "url": SitePaths.card(card), "id": card.id,
                        "category": category.title, "topic": topic.title,
                        "html": notes.map(NoteHTML.block).joined(),
                    ])
                }
            }
        }
        return [
            "title": "Notes", "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)],
            "notes": entries, "hasNotes": !entries.isEmpty, "noteCount": entries.count, "notesText": CountText.text(entries.count, "card") + " with notes",
            "orphans": orphans(content.study.orphans.filter { !$0.notes.isEmpty }),
            "hasOrphans": content.study.orphans.contains { !$0.notes.isEmpty },
        ]
    }

    private static func orphans(_ list: [OrphanedCard]) -> [[String: Any]] {
        list.map { orphan in
            var entry: [String: Any] = [
                "id": orphan.card, "reviews": orphan.reviewCount, "reviewsText": CountText.text(orphan.reviewCount, "review"),
                "html": orphan.notes.map(NoteHTML.block).joined(), "hasNotes": !orphan.notes.isEmpty,
            ]
            if let factor = orphan.repeatFactor {
                entry["repeat"] = factor
                entry["hasRepeat"] = true
                entry["isCompleted"] = RepeatFactor.isCompleted(factor)
            }
            if let source = orphan.source { entry["source"] = StudyContent.publishedName(source.description) }
            return entry
        }
    }

    /// `2025-05-01 09:30 UTC`.
    static func readable(_ date: Date) -> String {
        StudyTime.format(date).prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
