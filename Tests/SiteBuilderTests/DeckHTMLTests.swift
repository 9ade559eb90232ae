import Deck
import Diagnostics
import Foundation
import MarkdownHTML
@testable import SiteBuilder
import Templating
import Testing
import TestSupport

/// An info cell's HTML is written straight from its blocks (`DeckHTML`) instead of libcmark reading
/// its Markdown; it must be libcmark's HTML byte for byte, or card pages and study mode would change.
@Suite("Info cells written as HTML")
struct DeckHTMLTests {
    /// Texts that escaping, libcmark or HTML treat specially, alone and together.
    static let pieces = ["a", "Dry eye", "é", "x\u{301}", "\u{A0}", " ", "  ", "\t", "\n", "\r\n", "\u{2028}", "*", "_", "**b**", "<", ">",
                         "<b>", "&", "&amp;", "&#42;", "\"", "'", "#", "##", "-", "- ", "+", "=", "===", "1", "12", ".", ")", "1. ",
                         "\\", "`", "[", "](x)", "!", "|", "~", "{{x}}", "$", "→", "http://a.b", "<br>", "\u{0}", "\u{0C}", "\u{E000}"]

    static func text(_ random: inout SeededRandom) -> String {
        (0..<random.next(below: 5)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
    }

    static func line(_ random: inout SeededRandom) -> RichLine {
        if random.next(below: 3) > 0 { return RichLine([TextRun(text(&random))]) }
        return RichLine((0..<random.next(below: 4)).map { _ in TextRun(text(&random), style: TextStyle(rawValue: UInt8(random.next(below: 8)))) })
    }

    static func blocks(_ random: inout SeededRandom) -> [InfoBlock] {
        (0..<(1 + random.next(below: 7))).map { _ in
            let line = line(&random)
            switch random.next(below: 5) {
            case 0: return .bullet(level: 1, line)
            case 1: return .bullet(level: 2 + random.next(below: 2), line)
            case 2: return .numbered(number: [0, 1, 2, 9, 10, 123, 999_999_999, 1_000_000_000][random.next(below: 8)], line)
            case 3: return .mnemonic(line)
            default: return .text(line)
            }
        }
    }

    /// Random cells of every kind of block and text: whenever an HTML is written, it is libcmark's for the
    /// cell's Markdown. Most plain cells are written (a writer that gave up on every cell would pass the
    /// comparison and save nothing).
    @Test func theHTMLIsLibcmarksForTheCellsMarkdown() {
        var random = SeededRandom(seed: 18)
        var written = 0, plainWritten = 0, plain = 0
        for round in 0..<20_000 {
            let blocks = Self.blocks(&random)
            let markdown = DeckMarkdown.info(blocks)
            guard let html = DeckHTML.info(blocks).map({ String(decoding: $0, as: UTF8.self) }) else { continue }
            written += 1
            #expect(html == MarkdownRenderer.html(from: markdown, allowRawHTML: true), "round \(round): \(blocks)")
        }
        // Cells as decks have them: letters, punctuation, styles, no space at the ends of a line.
        let words = ["Dry", "eye", "→", "IOP", "<", "&", "“quoted”", "1.", "*", "5%"]
        for _ in 0..<2_000 {
            let blocks: [InfoBlock] = (0..<(1 + random.next(below: 6))).map { _ in
                let text = (0..<(1 + random.next(below: 6))).map { _ in words[random.next(below: words.count)] }.joined(separator: " ")
                let line = RichLine([TextRun(text, style: TextStyle(rawValue: UInt8(random.next(below: 8))))])
                return [InfoBlock.bullet(level: 1, line), .bullet(level: 2, line), .numbered(number: 1 + random.next(below: 12), line),
                        .mnemonic(line), .text(line)][random.next(below: 5)]
            }
            plain += 1
            guard let html = DeckHTML.info(blocks).map({ String(decoding: $0, as: UTF8.self) }) else { continue }
            plainWritten += 1
            #expect(html == MarkdownRenderer.html(from: DeckMarkdown.info(blocks), allowRawHTML: true), "\(blocks)")
        }
        #expect(written > 2_000)
        #expect(plainWritten == plain)
    }

    /// Every section of the example deck and the real deck renders to the same bytes through the spliced
    /// info as through its Markdown, and most of them take the spliced way.
    @Test func sectionsRenderTheSameSplicedAsThroughTheirMarkdown() throws {
        var decks = [SitePagesGoldenTests.packageRoot.appendingPathComponent("content/deck")]
        if let real = SharedData.folder("deck") { decks.append(real) }
        let renderer = PageRenderer(templates: try TemplateLibrary(directory: SitePagesGoldenTests.packageRoot.appendingPathComponent("Templates")),
                                    site: ["title": "Deck", "hasSearch": "true"])
        let site = try #require(renderer.walkedSite)
        var sections = 0, spliced = 0
        for folder in decks {
            var log = DiagnosticLog()
            let deck = try #require(DeckReader(deckDirectory: folder, displayDirectory: "deck").read(log: &log))
            for card in deck.cards {
                let all = card.sections
                for (index, section) in all.enumerated() {
                    let throughMarkdown = try renderer.fragment("card-section", shape: DeckPages.sectionShape(section, index: index, of: all.count, site: site)) {
                        DeckPages.section(section, index: index, of: all.count)
                    }
                    #expect(try DeckPages.renderSection(section, index: index, of: all.count, renderer: renderer) == throughMarkdown, "\(card.id) \(index)")
                    sections += 1
                    if (section.info.isEmpty || DeckHTML.info(section.info) != nil) && (section.header.isEmpty || DeckHTML.header(section.header) != nil) {
                        spliced += 1
                    }
                }
            }
        }
        #expect(sections >= 20)
        #expect(spliced * 10 >= sections * 8, "\(spliced) of \(sections) sections spliced")
    }

    /// Random headers: whenever an HTML is written, it is libcmark's for the header's Markdown in a heading.
    @Test func theHeaderHTMLIsLibcmarksForTheHeadersMarkdown() {
        var random = SeededRandom(seed: 6)
        var written = 0
        for round in 0..<20_000 {
            let lines = (0..<(1 + random.next(below: 3))).map { _ in Self.line(&random) }
            guard let html = DeckHTML.header(lines).map({ String(decoding: $0, as: UTF8.self) }) else { continue }
            written += 1
            #expect("<h2>" + html + "</h2>\n" == MarkdownRenderer.html(from: "## " + DeckMarkdown.header(lines), allowRawHTML: true),
                    "round \(round): \(lines)")
        }
        #expect(written > 2_000)
        #expect(DeckHTML.header([RichLine([TextRun("Item #")])]) == nil, "a closing sequence")
    }

    static let hostileSection = CardSection(header: [RichLine([TextRun("Why \"dry\" & <wet> 'eyes'?")]), RichLine([TextRun("b", style: .bold)])],
                                            info: [.bullet(level: 1, RichLine([TextRun("Dry & *eye*")])), .text(RichLine([TextRun("then")]))],
                                            number: 1)

    /// A template that puts the header or the info where their HTML cannot be put in (inline, twice,
    /// escaped, in a code span or an attribute, after the other) still gets their Markdown rendered in
    /// place; where it can (a heading of any level, quoted, setext), the section is the same either way.
    @Test func aTemplateThatCannotTakeTheSplicedInfoGetsItsMarkdown() throws {
        let templates = ["Info: {{{info}}}", "{{{info}}}\n\n{{{info}}}", "{{info}}", "> {{{info}}}", "{{#hasInfo}}\n{{{info}}}\n{{/hasInfo}}",
                         "## {{header}}\n\n{{{info}}}", "`{{{header}}}`\n\n{{{info}}}", "## x {{{header}}}\n\n{{{info}}}",
                         "<h2>{{{header}}}</h2>\n\n{{{info}}}", "{{{header}}}\n\n{{{info}}}", "> ## {{{header}}}\n\n{{{info}}}",
                         "{{{header}}}\n---\n\n{{{info}}}", "### {{{header}}}\n\n{{{info}}}\n\n# {{{header}}}",
                         "<p title=\"{{{header}}}\">x</p>\n\n{{{info}}}", "{{{info}}}\n\n#### {{{header}}} ####\n", "[{{{header}}}](x)\n\n{{{info}}}",
                         "# {{{header}}}\n", "## {{{lowercased(header)}}}\n\n{{{lowercased(info)}}}",
                         "## {{{uppercased(header)}}}\n\n{{{uppercased(info)}}}", "## {{{capitalized(header)}}}\n\n{{{capitalized(info)}}}"]
        for template in templates {
            let files = TemplateFiles(["card-section.md": TemplateFiles.File(data: Data(template.utf8), displayPath: "t")])
            let renderer = PageRenderer(templates: try TemplateLibrary(files: files, directory: URL(fileURLWithPath: "/t")), site: ["title": "T"])
            let site = try #require(renderer.walkedSite)
            for section in [Self.hostileSection, CardSection(header: Self.hostileSection.header, info: [], number: 2),
                            CardSection(header: [], info: Self.hostileSection.info, number: 3)] {
                let expected = try renderer.fragment("card-section", shape: DeckPages.sectionShape(section, index: 0, of: 1, site: site)) {
                    DeckPages.section(section, index: 0, of: 1)
                }
                #expect(try DeckPages.renderSection(section, index: 0, of: 1, renderer: renderer) == expected, "\(template)")
                #expect(!expected.contains("\u{E000}") && !expected.contains("\u{E001}") && !expected.contains("\u{E002}"))
            }
        }
    }

    /// The built-in template has a shell for every place: a section with a header and an info is put
    /// together without Mustache or libcmark.
    @Test func theBuiltInTemplateHasAShellForEveryPlace() throws {
        let renderer = PageRenderer(templates: try TemplateLibrary(directory: SitePagesGoldenTests.packageRoot.appendingPathComponent("Templates")),
                                    site: ["title": "Deck", "hasSearch": "true"])
        let site = try #require(renderer.walkedSite)
        for count in 1...4 {
            for index in 0..<count {
                for (hasHeader, hasInfo) in [(true, true), (true, false), (false, true), (false, false)] {
                    #expect(try renderer.sectionShell(index: index, of: count, hasHeader: hasHeader, hasInfo: hasInfo, site: site) != nil)
                }
            }
        }
        let html = try DeckPages.renderSection(Self.hostileSection, index: 0, of: 1, renderer: renderer)
        #expect(html.contains("<h2>Why &quot;dry&quot; &amp; &lt;wet&gt; 'eyes'?<br><strong>b</strong></h2>"))
    }
}
