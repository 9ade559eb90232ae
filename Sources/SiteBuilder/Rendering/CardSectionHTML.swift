import Deck
import Foundation
import MarkupText
import Synchronization
import Templating

/// Card sections rendered through the `card-section` template, once for both places that show them:
/// the card page (each section's `{{{html}}}` in `card.md`) and study mode's part files, which show
/// exactly the card page's sections (the browser moves their headings one level down).
///
/// A study part renders its cards' sections and hands them to the card pages planned right after it
/// (``Handoff``), so a full build renders each section once.
enum CardSectionHTML {
    /// The HTML of each of `card`'s sections, each rendered on its own. (Rendering a card's sections in
    /// one Mustache and libcmark pass, cut at a marker, was measured slower: 2 % more instructions.)
    static func render(_ card: Card, renderer: PageRenderer) throws(TemplateError) -> [String] {
        let sections = card.sections
        var html: [String] = []
        html.reserveCapacity(sections.count)
        for (index, section) in sections.enumerated() {
            html.append(try DeckPages.renderSection(section, index: index, of: sections.count, renderer: renderer))
        }
        return html
    }

    /// `html` made safe to sit inside the card page's Markdown. A blank line would end the raw HTML
    /// block around it and let the rest be read as Markdown, so the line break of each empty line is
    /// written `&#10;` instead: the same text in HTML and inside `<pre>`. A rendered section has no
    /// blank line unless a template writes a code block with one.
    static func embeddable(_ html: String) -> String {
        // Searched for as bytes, not `contains("\n\n")`: with Foundation imported that is `NSString`
        // searching, a twentieth of a large build.
        var bytes = html
        let hasBlankLine = bytes.withUTF8 { ByteSearch.firstOffset(of: [0x0A, 0x0A], in: $0) != nil }
        return hasBlankLine ? html.replacingOccurrences(of: "\n\n", with: "\n&#10;") : html
    }

    /// Sections a study part rendered, by card id, until the card's page takes them. Each entry is taken
    /// at most once; a page that is not made (kept from the previous build) leaves its entry to be
    /// dropped with the build.
    final class Handoff: Sendable {
        private let sections = Mutex<[String: [String]]>([:])

        func give(_ html: [String], for id: String) {
            sections.withLock { $0[id] = html }
        }

        func take(_ id: String) -> [String]? {
            sections.withLock { $0.removeValue(forKey: id) }
        }
    }
}
