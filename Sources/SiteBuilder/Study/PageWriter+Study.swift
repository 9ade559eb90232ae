import Deck
import Diagnostics
import Foundation

extension PageWriter {
    /// Writes the study pages (Study, Progress, Notes) and the study data files.
    mutating func writeStudyPages(problems: inout ProblemList) {
        let renderer = self.renderer
        let deck = content.deck
        for (template, context, title, path, kind) in [
            ("study", StudyPages.study(deck), "Study", StudyPages.studyPath, "study"),
            ("progress", StudyPages.progress(content), "Progress", StudyPages.progressPath, "progress"),
            ("notes", StudyPages.notes(content), "Notes", StudyPages.notesPath, "notes"),
        ] as [(String, [String: Any], String, String, String)] {
            guard templates.hasTemplate(template) else {
                problems.diagnostics.append(.error("template '\(template)' is missing; restore \(template).md from Loupe's Templates/ folder",
                                                   at: SourceLocation(path: options.templates.relativePath)))
                continue
            }
            page(template, context: context, title: title, path: path, kind: kind, renderer: renderer, problems: &problems)
        }
        write(StudyData.index(deck, deckName: content.settings.deckName), to: "study/cards.js", problems: &problems)
        for category in deck.categories {
            for topic in category.topics {
                write(StudyData.topic(category, topic), to: StudyData.topicPath(category, topic), problems: &problems)
            }
        }
    }

    private func write(_ text: String, to path: String, problems: inout ProblemList) {
        do { try output.write(text: text, to: path) } catch {
            problems.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: path)))
        }
    }
}
