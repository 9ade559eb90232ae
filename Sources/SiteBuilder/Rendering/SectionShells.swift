import MarkdownHTML
import MarkupText
import Synchronization
import Templating

/// The `card-section` template's HTML for each place a section can have (its number, whether it is the
/// last, whether it has a header and an info), rendered once with markers where the header's and the
/// info's HTML go, and shared by the parallel page workers.
///
/// A section is then its shell with ``DeckHTML``'s header and info put in: no Mustache and no libcmark for
/// each of a deck's 50,000 sections. A shell is made only when a marker is certain to stand where that
/// HTML would be: the header marker rendered unescaped (through `{{{header}}}`), once, as the whole text
/// of a heading; the info marker a whole top-level block (``MarkdownRenderer/html(from:splicing:)``).
/// Anywhere else (a paragraph, an attribute, a code span, twice) there is no shell, and the section is
/// rendered with its Markdown.
final class SectionShells: Sendable {
    /// A place a section can have.
    struct Place: Hashable {
        let index: Int
        let isLast: Bool
        let hasHeader: Bool
        let hasInfo: Bool
    }

    /// A piece of a shell: fixed HTML, or the slot for the header's or the info's HTML.
    enum Piece: Sendable { case text([UInt8]), header, info }

    /// A section's HTML with its header and info left out.
    struct Shell: Sendable {
        let pieces: [Piece]

        /// The section's HTML with `header` and `info` (``DeckHTML``) in their slots.
        func assemble(header: [UInt8], info: [UInt8]) -> String {
            let count = pieces.reduce(header.count + info.count) { total, piece in
                if case .text(let text) = piece { return total + text.count }
                return total
            }
            return String(unsafeUninitializedCapacity: count) { out in
                var at = 0
                func put(_ bytes: [UInt8]) {
                    bytes.withUnsafeBufferPointer { source in
                        guard let base = source.baseAddress, let target = out.baseAddress else { return }
                        (target + at).update(from: base, count: source.count)
                    }
                    at += bytes.count
                }
                for piece in pieces {
                    switch piece {
                    case .text(let text): put(text)
                    case .header: put(header)
                    case .info: put(info)
                    }
                }
                return at
            }
        }
    }

    /// Each place's shell, or `nil` when the template admits none.
    private let shells = Mutex<[Place: Shell?]>([:])

    func get(_ place: Place) -> Shell?? { shells.withLock { $0[place] } }
    func set(_ place: Place, _ shell: Shell?) { shells.withLock { $0[place] = shell } }

    /// The text standing for the header's Markdown: private-use characters around an `&`, which
    /// `{{header}}` would have escaped and libcmark writes as `&amp;`, and letters in both cases, which a
    /// case transform (`{{{lowercased(header)}}}`) would change.
    static let headerMarker = "\u{E001}&hH\u{E001}"
    static let renderedHeaderMarker = Array("\u{E001}&amp;hH\u{E001}".utf8)
    /// The block spliced where the info's marker is, found again in libcmark's HTML.
    static let infoPlaceholder = "<div>\u{E002}</div>\n"
    private static let headerScalar = Array("\u{E001}".utf8), infoScalar = Array("\u{E002}".utf8)

    /// The shell of `markdown`, the template rendered with ``headerMarker`` as its header (when it has
    /// one) and ``MarkdownRenderer/blockMarker(_:)`` 0 as its info (when it has one); `nil` when a marker
    /// is not where the HTML can be put.
    static func shell(of markdown: String, hasHeader: Bool, hasInfo: Bool) -> Shell? {
        var markdown = markdown
        let headerMarks = markdown.withUTF8 { ByteSearch.count(of: headerScalar, in: $0) }
        guard headerMarks == (hasHeader ? 2 : 0) else { return nil }
        if hasHeader {
            let raw = Array(headerMarker.utf8)
            guard markdown.withUTF8({ ByteSearch.firstOffset(of: raw, in: $0) }) != nil else { return nil }
        }
        let rendered: String?
        if hasInfo {
            rendered = MarkdownRenderer.html(from: markdown, splicing: [infoPlaceholder])
        } else {
            rendered = MarkdownRenderer.html(from: markdown, allowRawHTML: true)
        }
        guard var html = rendered else { return nil }
        return html.withUTF8 { bytes -> Shell? in
            guard ByteSearch.count(of: headerScalar, in: bytes) == (hasHeader ? 2 : 0),
                  ByteSearch.count(of: infoScalar, in: bytes) == (hasInfo ? 1 : 0) else { return nil }
            var slots: [(offset: Int, length: Int, piece: Piece)] = []
            if hasHeader {
                guard let at = ByteSearch.firstOffset(of: renderedHeaderMarker, in: bytes),
                      isWholeHeading(bytes, from: at, to: at + renderedHeaderMarker.count) else { return nil }
                slots.append((at, renderedHeaderMarker.count, .header))
            }
            if hasInfo {
                let placeholder = Array(infoPlaceholder.utf8)
                guard let at = ByteSearch.firstOffset(of: placeholder, in: bytes) else { return nil }
                slots.append((at, placeholder.count, .info))
            }
            slots.sort { $0.offset < $1.offset }
            var pieces: [Piece] = []
            var start = 0
            for slot in slots {
                pieces.append(.text(Array(bytes[start..<slot.offset])))
                pieces.append(slot.piece)
                start = slot.offset + slot.length
            }
            pieces.append(.text(Array(bytes[start...])))
            return Shell(pieces: pieces)
        }
    }

    /// Whether `bytes[start..<end]` is the whole text of a heading: `<hN>` right before it, `</hN>` right after.
    private static func isWholeHeading(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start >= 4, end + 5 <= bytes.count else { return false }
        let level = bytes[start - 2]
        return bytes[start - 4] == UInt8(ascii: "<") && bytes[start - 3] == UInt8(ascii: "h") && (0x31...0x36).contains(level)
            && bytes[start - 1] == UInt8(ascii: ">")
            && Array(bytes[end..<end + 5]) == [UInt8(ascii: "<"), UInt8(ascii: "/"), UInt8(ascii: "h"), level, UInt8(ascii: ">")]
    }
}

extension PageRenderer {
    /// The `card-section` shell for section `index` of `count` with or without a header and an info
    /// (``SectionShells``), rendered the first time a section asks for it; `nil` when the template
    /// admits none.
    func sectionShell(index: Int, of count: Int, hasHeader: Bool, hasInfo: Bool,
                      site: ContextShapeWriter.Walked) throws(TemplateError) -> SectionShells.Shell? {
        let place = SectionShells.Place(index: index, isLast: index == count - 1, hasHeader: hasHeader, hasInfo: hasInfo)
        if let known = sectionShells.get(place) { return known }
        let header = hasHeader ? SectionShells.headerMarker : nil, info = hasInfo ? MarkdownRenderer.blockMarker(0) : nil
        let shape = DeckPages.sectionShape(index: index, of: count, header: header, info: info, site: site)
        let markdown = try templates.render("card-section", shape: shape) {
            var context = DeckPages.section(index: index, of: count, header: header, info: info)
            context["site"] = siteContextValues
            return context
        }
        let shell = SectionShells.shell(of: markdown, hasHeader: hasHeader, hasInfo: hasInfo)
        sectionShells.set(place, shell)
        return shell
    }
}
