import AnkiExport
import Deck
import Diagnostics
import Foundation
import MarkdownHTML
import MarkupText

/// Turns the review deck into an ``AnkiPackage``: one note per card, one Anki card per section.
///
/// Section questions and answers are rendered exactly as the site renders them (``DeckMarkdown`` →
/// libcmark), so Anki shows the same lists, mnemonics and emphasis. The card id is the note's GUID.
enum AnkiDeck {
    /// The fields before the per-section ones. Subtopic comes first because Anki checks the first
    /// field for duplicates; Category and Topic are shared by many cards.
    static let leadingFields = ["Subtopic", "Category", "Topic", "Images"]

    /// The package for `deck`, titled `title`, with images from `imageFolder`.
    ///
    /// Cards without sections have nothing to ask and are left out with a warning in `log`.
    static func package(_ deck: Deck, title: String, imageFolder: URL, timestamp: Int64, log: inout DiagnosticLog) -> AnkiPackage {
        let sectionCount = max(1, deck.cards.map(\.sectionCount).max() ?? 1)
        let noteType = self.noteType(title: title, sections: sectionCount)
        var media = MediaNames(folder: imageFolder)
        var notes: [AnkiNote] = []
        let root = deckName(title)
        for category in deck.categories {
            for topic in category.topics {
                let deckName = [root, deckName(category.title), deckName(topic.title)].joined(separator: "::")
                for card in topic.cards {
                    let sections = card.sections
                    guard !sections.isEmpty else {
                        log.warning("card '\(card.title)' has no Header/Info sections, so it has no question for Anki and is left out of the Anki export",
                                    at: SourceLocation(path: card.source.path, line: card.source.line))
                        continue
                    }
                    var fields = [HTMLText.escape(card.title), HTMLText.escape(card.category), HTMLText.escape(card.topic),
                                  imagesHTML(card, media: &media)]
                    for index in 0..<sectionCount {
                        if sections.indices.contains(index) {
                            let section = sections[index]
                            fields.append(section.header.isEmpty ? HTMLText.escape("Section \(index + 1)") : questionHTML(section))
                            fields.append(answerHTML(section))
                        } else {
                            fields += ["", ""]
                        }
                    }
                    notes.append(AnkiNote(guid: card.id, deck: deckName, fields: fields,
                                          tags: [category.slug, category.slug + "::" + topic.slug],
                                          cardOrdinals: Array(sections.indices)))
                }
            }
        }
        return AnkiPackage(noteType: noteType, notes: notes, media: media.files, timestamp: timestamp)
    }

    /// The header as the site shows it, without the paragraph libcmark wraps around inline text.
    static func questionHTML(_ section: CardSection) -> String {
        var html = MarkdownRenderer.html(from: DeckMarkdown.header(section.header), allowRawHTML: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if html.hasPrefix("<p>") && html.hasSuffix("</p>") && html.components(separatedBy: "<p>").count == 2 {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }

    /// The info as the site shows it.
    static func answerHTML(_ section: CardSection) -> String {
        MarkdownRenderer.html(from: DeckMarkdown.info(section.info), allowRawHTML: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The card's images (those that exist), with captions.
    static func imagesHTML(_ card: Card, media: inout MediaNames) -> String {
        card.images.enumerated().compactMap { index, image -> String? in
            guard image.exists, let name = media.name(for: image.file) else { return nil }
            let alt = image.caption ?? "Image \(index + 1) of \(card.title)"
            var html = "<figure class=\"loupe-image\"><img src=\"\(HTMLText.escape(name))\" alt=\"\(HTMLText.escapeOneLine(alt))\">"
            if let caption = image.caption { html += "<figcaption>\(HTMLText.escape(caption))</figcaption>" }
            return html + "</figure>"
        }.joined()
    }

    /// A deck level: `::` would start a new level, so it becomes `:`; line breaks become spaces.
    static func deckName(_ title: String) -> String {
        var name = String(title.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        while name.contains("::") { name = name.replacingOccurrences(of: "::", with: ":") }
        name = name.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "Untitled" : name
    }

    /// The note type: the leading fields, a Question/Answer pair per section, and one card template per section.
    static func noteType(title: String, sections: Int) -> AnkiNoteType {
        var fields = leadingFields
        var templates: [AnkiTemplate] = []
        for number in 1...sections {
            let question = "Question \(number)", answer = "Answer \(number)"
            templates.append(AnkiTemplate(
                name: "Section \(number)",
                front: """
                {{#\(question)}}
                <div class="loupe-context">{{Category}} › {{Topic}}</div>
                <h2 class="loupe-subtopic">{{Subtopic}}</h2>
                <div class="loupe-question">{{\(question)}}</div>
                <div class="loupe-images">{{Images}}</div>
                {{/\(question)}}
                """,
                back: """
                {{FrontSide}}
                <hr id="answer">
                <div class="loupe-answer">{{\(answer)}}</div>
                """,
                requiredField: fields.count))
            fields += [question, answer]
        }
        return AnkiNoteType(name: "Loupe: " + deckName(title), fields: fields, templates: templates, sortField: 0, css: css)
    }

    static let css = """
    .card { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 18px; line-height: 1.45;
      text-align: left; color: #1d1d1f; background: #fff; max-width: 42em; margin: 0 auto; }
    .nightMode .card, .card.nightMode { color: #eee; background: #1e1e1e; }
    .loupe-context { font-size: 0.8em; opacity: 0.7; }
    .loupe-subtopic { font-size: 1.2em; margin: 0.2em 0 0.6em; }
    .loupe-question { font-weight: 600; }
    .loupe-images { display: flex; flex-wrap: wrap; gap: 0.5em; margin-top: 0.8em; }
    .loupe-image { margin: 0; max-width: 100%; }
    .loupe-image img { max-width: 100%; max-height: 60vh; }
    .loupe-image figcaption { font-size: 0.8em; opacity: 0.7; }
    .loupe-answer ul, .loupe-answer ol { padding-left: 1.4em; }
    .loupe-answer .mnemonic { background: #fff4c2; color: #1d1d1f; padding: 0.3em 0.5em; border-radius: 4px; }
    """
}

/// Flat, unique media names for image files (Anki's media folder has no subfolders).
struct MediaNames {
    let folder: URL
    private(set) var files: [AnkiMediaFile] = []
    private var byFile: [String: String] = [:]
    private var taken: Set<String> = []

    init(folder: URL) { self.folder = folder }

    /// The media name for `file` (a path under the images folder), adding it on first use.
    mutating func name(for file: String) -> String? {
        if let known = byFile[file] { return known }
        let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        let flat = String(file.map { forbidden.contains($0) || $0.isNewline ? "_" : $0 })
        var name = flat
        var counter = 1
        while taken.contains(name) {
            counter += 1
            name = "\(counter)-" + flat
        }
        taken.insert(name)
        byFile[file] = name
        files.append(AnkiMediaFile(name: name, source: folder.appendingPathComponent(file)))
        return name
    }
}
