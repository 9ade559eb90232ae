import Diagnostics
import Foundation
import Study

extension SiteContent {
    /// This content with the study data of `notes/` and `progress/` read in: Markdown notes
    /// (`notes/*.md`), study exports (`notes/*.json`, and files of `progress/` that are study
    /// exports — other JSON there, such as the games history, belongs to other readers).
    func withStudy(_ options: BuildOptions, log: inout DiagnosticLog) -> SiteContent {
        var content = self
        var study = StudyContent()
        var problems = DiagnosticLog()
        for folder in ["notes", "progress"] {
            let directory = options.content.appendingPathComponent(folder)
            let contentFolder = ContentFolder(root: options.content)
            for entry in contentFolder.entries(of: directory, display: options.display(folder), log: &problems) where !entry.isDirectory {
                let lower = entry.name.lowercased()
                let isMarkdown = lower.hasSuffix(".md"), isJSON = lower.hasSuffix(".json")
                guard (folder == "notes" && isMarkdown) || isJSON else { continue }
                let display = entry.display
                guard let data = contentFolder.read(entry.url, display: display, log: &problems) else { continue }
                let bytes = [UInt8](data)
                if isMarkdown {
                    if let note = MarkdownNoteReader.read(bytes, path: display, log: &problems) {
                        study.record.add(note)
                        study.files.append(display)
                    }
                    continue
                }
                // In progress/ only files that name the study format (or are called study*) are ours.
                if folder == "progress" && !lower.hasPrefix("study") && !StudyExportReader.looksLikeExport(bytes) { continue }
                guard let export = StudyExportReader.read(bytes, path: display, log: &problems) else { continue }
                if let deck = export.deck, deck != settings.deckName {
                    problems.warning("this export was made from the deck '\(deck)' but the site's deck is '\(settings.deckName)'; cards are matched by id",
                                     at: SourceLocation(path: display))
                }
                study.record.add(export)
                study.files.append(display)
            }
        }
        // Without notes or progress there is nothing to match against the deck's ids.
        guard !study.files.isEmpty else {
            content.study = study
            log.merge(problems)
            return content
        }
        let known = Set(deck.cards.map(\.id))
        study.orphans = study.record.orphans(in: known)
        for orphan in study.orphans {
            var parts: [String] = []
            if !orphan.notes.isEmpty { parts.append("a note") }
            if orphan.repeatFactor != nil { parts.append("progress") }
            if orphan.reviewCount > 0 { parts.append("\(orphan.reviewCount) review(s)") }
            problems.warning("card '\(orphan.card)' is not in the deck (removed or renamed?); its \(parts.joined(separator: ", ")) are listed as orphaned on the Notes and Progress pages",
                             at: orphan.source ?? SourceLocation(path: study.files.first ?? options.display("progress")))
        }
        content.notedCards = Set(study.record.notes.keys).intersection(known)
        content.study = study
        log.merge(problems)
        return content
    }
}
