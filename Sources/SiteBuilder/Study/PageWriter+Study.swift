import Deck
import Diagnostics
import Foundation
import Templating

extension PageWriter {
    /// Writes the study pages (Study, Progress, Notes) and the study data index (the parts are in
    /// ``DeckPlan``).
    mutating func writeStudyPages(renderer: PageRenderer, problems: inout ProblemList) {
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
            // Progress and notes are personal: keep them out of search engines.
            page(template, context: context, title: title, path: path, kind: kind, renderer: renderer, problems: &problems,
                 isPersonal: kind != "study")
        }
        let indexDigest = CardDigest.studyIndex(deck, deckName: content.settings.deckName)
        if output.reuse("study/cards.js", digest: indexDigest) == nil {
            do {
                try output.write(Data(StudyData.index(deck, deckName: content.settings.deckName).utf8), to: "study/cards.js", digest: indexDigest)
            } catch {
                problems.diagnostics.append(.writing(error, path: "study/cards.js"))
            }
        }
    }
}
