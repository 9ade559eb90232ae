import Deck
import Diagnostics
import Foundation
import Templating

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
        // A topic's cards in parts of `StudyData.cardsPerPart`, rendered on every core.
        let parts = deck.categories.flatMap { category in
            category.topics.flatMap { topic in stride(from: 1, through: StudyData.partCount(of: topic), by: 1).map { (category, topic, $0) } }
        }
        let shared = SharedProblems()
        let output = self.output
        let images = self.images
        let contents = cardDigests.isEmpty ? CardDigest.contents(of: deck, images: images) : cardDigests
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            let (category, topic, part) = parts[index]
            let path = StudyData.partPath(part, of: category, topic)
            let digest = CardDigest.studyPart(part, of: category, topic, contents: contents, site: renderer.siteDigest)
            if output.reuse(path, digest: digest) != nil { return }
            do {
                try output.write(Data(StudyData.part(part, of: category, topic, images: images, renderer: renderer).utf8), to: path, digest: digest)
            } catch {
                shared.add(error, writing: path)
            }
        }
        problems.diagnostics.append(contentsOf: shared.all)
    }
}
