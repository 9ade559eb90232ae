import MarkupText
import Foundation
import Synchronization
import MarkdownHTML
import Templating

/// Renders a page: Mustache template → Markdown → libcmark → HTML layout.
struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let site: [String: String]
    /// Layout shells rendered once per page shape (root, kind, …) with markers for title and body.
    private let shells = LayoutShells()
    /// `card-section` rendered once per place a section can have, with markers for its header and info.
    let sectionShells = SectionShells()

    /// The site values for templates, with `has…` flags as booleans (built once, used by every page).
    private let siteValues: SiteValues
    /// A digest of `site`, part of every page's digest.
    let siteDigest: String
    /// The shape of the site values, walked once for every context written with ``ContextShapeWriter``
    /// (`nil` if they had none: such contexts are then made as dictionaries).
    let walkedSite: ContextShapeWriter.Walked?

    init(templates: TemplateLibrary, site: [String: String]) {
        self.templates = templates
        self.site = site
        var hash = FNV1a()
        _ = ContextDigest.add(site, to: &hash)
        siteDigest = hash.hex
        var values: [String: Any] = site
        for (key, value) in site where key.hasPrefix("has") { values[key] = value == "true" }
        siteValues = SiteValues(values: values)
        walkedSite = ContextShapeWriter.Walked(values)
    }

    /// The site values as every context holds them under `site`.
    var siteContextValues: [String: Any] { siteValues.values }

    /// What the layout needs besides the body.
    struct Page {
        var title: String
        /// Relative path from the page to the site root, e.g. `../../`.
        var root: String
        var kind: String
        var description: String? = nil
        var isPersonal = false
        var scripts: [String] = []
    }

    /// The digest of the page `render` would make from the same arguments (templates and settings are
    /// covered by the build's engine fingerprint), or `nil` when the context cannot be digested.
    func digest(_ template: String, context: [String: Any], page: Page) -> RecordedHex? {
        ContextDigest.page(template: template, context: context, page: page, site: siteDigest)
    }

    /// Renders the page into `output` at `path`, unless the output keeps the previous build's page
    /// made from the same digest.
    func write(_ template: String, context: [String: Any], page: Page, to path: String, output: HashingOutput,
               digest known: RecordedHex? = nil) throws {
        let digest = known ?? digest(template, context: context, page: page)
        if known == nil, let digest, output.reuse(path, digest: digest) != nil { return }
        try output.write(Data(render(template, context: context, page: page).utf8), to: path, digest: digest)
    }

    /// Renders the Markdown template `template` with `context` to an HTML fragment (no layout).
    func fragment(_ template: String, context: [String: Any]) throws(TemplateError) -> String {
        var context = context
        context["site"] = siteValues.values
        return MarkdownRenderer.html(from: try templates.render(template, with: context), allowRawHTML: true)
    }

    /// Renders the Markdown template `template` to an HTML fragment from the context `shape` was written
    /// for (its `site` written from ``walkedSite``); `context()` gives that context without `site`, and
    /// is called only when swift-mustache needs it.
    func fragment(_ template: String, shape: ContextShapeWriter, context: () -> [String: Any]) throws(TemplateError) -> String {
        let markdown = try templates.render(template, shape: shape) {
            var context = context()
            context["site"] = siteValues.values
            return context
        }
        return MarkdownRenderer.html(from: markdown, allowRawHTML: true)
    }

    /// Renders the Markdown template `template` with `context`, then wraps it in the layout.
    func render(_ template: String, context: [String: Any], page: Page) throws(TemplateError) -> String {
        let markdown = try templates.render(template, with: pageContext(context, page: page))
        let body = MarkdownRenderer.html(from: markdown, allowRawHTML: true)
        return try wrap(body: body, page: page)
    }

    /// `context` with what every page's template also reads: `root`, `site` and the site's `has…` flags.
    func pageContext(_ context: [String: Any], page: Page) -> [String: Any] {
        var context = context
        context["root"] = page.root
        context["site"] = siteValues.values
        for (key, value) in siteValues.values where key.hasPrefix("has") { context[key] = value }
        return context
    }

    /// The shape of ``pageContext(_:page:)`` for the context whose entries are `entries`; `nil` when the
    /// site values have none.
    func pageShape(_ template: String, entries: [(key: String, value: ContextShapeWriter.Entry)], page: Page) -> ContextShapeWriter? {
        guard let walkedSite else { return nil }
        var entries = entries
        entries.append(("root", .text(page.root)))
        entries.append(("site", .value(walkedSite)))
        for (key, value) in siteValues.values where key.hasPrefix("has") {
            guard let flag = value as? Bool else { return nil }
            entries.append((key, .flag(flag)))
        }
        var shape = ContextShapeWriter(template: template)
        shape.dictionary(entries)
        return shape
    }

    /// Renders the Markdown template `template` from the context whose top-level `entries` are given
    /// (``ContextShapeWriter/dictionary(_:)``), then wraps it in the layout: what
    /// ``render(_:context:page:)`` gives for `context()`, which is made only when swift-mustache needs it.
    func render(_ template: String, entries: [(key: String, value: ContextShapeWriter.Entry)], page: Page,
                context: () -> [String: Any]) throws(TemplateError) -> String {
        guard let shape = pageShape(template, entries: entries, page: page) else { return try render(template, context: context(), page: page) }
        let markdown = try templates.render(template, shape: shape) { pageContext(context(), page: page) }
        let body = MarkdownRenderer.html(from: markdown, allowRawHTML: true)
        return try wrap(body: body, page: page)
    }

    /// ``render(_:entries:page:context:)`` for entries (and a context) that hold
    /// ``MarkdownRenderer/blockMarker(_:)`` lines where the HTML `blocks` go: libcmark reads the page
    /// without them and they are spliced in verbatim (``MarkdownRenderer/html(from:splicing:)``), the
    /// same bytes as rendering the page with the blocks written in. `nil` when they cannot be spliced.
    /// The page is made as UTF-8 bytes: libcmark's HTML goes into the layout's shell without becoming a
    /// string first.
    func render(_ template: String, entries: [(key: String, value: ContextShapeWriter.Entry)], page: Page, splicing blocks: [String],
                context: () -> [String: Any]) throws(TemplateError) -> Data? {
        guard let shape = pageShape(template, entries: entries, page: page) else { return nil }
        let markdown = try templates.render(template, shape: shape) { pageContext(context(), page: page) }
        guard let shell = try shell(for: page) else {
            guard let body = MarkdownRenderer.html(from: markdown, splicing: blocks) else { return nil }
            return Data(try renderLayout(body: body, title: page.title, page: page).utf8)
        }
        let title = LayoutShells.escapeHTML(page.title)
        return MarkdownRenderer.withHTML(from: markdown, splicing: blocks) { Data(LayoutShells.assemble(shell, title: title, body: $0)) }
    }

    /// Wraps an HTML fragment in the layout.
    ///
    /// The layout is rendered once per page shape with markers in place of the title and body, then
    /// each page splices its own (HTML-escaped) title and body in: the same bytes as rendering the
    /// layout per page, at a fraction of the cost on a 10,000-card deck.
    ///
    /// When a value rendered into the shell holds the marker character (U+E000, which a user can type
    /// into `loupe.yml`), markers could appear where no title or body belongs: such a layout is
    /// rendered with the page's real title and body instead.
    func wrap(body: String, page: Page) throws(TemplateError) -> String {
        guard let shell = try shell(for: page) else { return try renderLayout(body: body, title: page.title, page: page) }
        let title = LayoutShells.escapeHTML(page.title)
        var body = body
        return body.withUTF8 { String(decoding: LayoutShells.assemble(shell, title: title, body: $0), as: UTF8.self) }
    }

    /// The layout's shell for `page`, rendered the first time its shape is asked for; `nil` when the
    /// layout must be rendered with the page's own title and body (a marker character in a value).
    private func shell(for page: Page) throws(TemplateError) -> [LayoutShells.Piece]? {
        if siteValues.holdsMarker || (page.description ?? "").unicodeScalars.contains(LayoutShells.markerScalar) { return nil }
        let key = [page.root, page.kind, page.description ?? "", page.isPersonal ? "1" : "0"] + page.scripts
        if let cached = shells.get(key) { return cached }
        let rendered = try renderLayout(body: LayoutShells.bodyMarker, title: LayoutShells.titleMarker, page: page)
        let shell = LayoutShells.split(rendered)
        shells.set(key, shell)
        return shell
    }

    private func renderLayout(body: String, title: String, page: Page) throws(TemplateError) -> String {
        var layout: [String: Any] = [
            "title": title, "root": page.root, "body": body, "kind": page.kind, "site": siteValues.values,
            "isPersonal": page.isPersonal, "scripts": page.scripts.map { ["src": page.root + $0] },
        ]
        layout["description"] = page.description ?? site["description"] ?? ""
        for (key, value) in siteValues.values where key.hasPrefix("has") { layout[key] = value }
        return try templates.render("layout", with: layout)
    }
}

/// Template values of the whole site; immutable after creation, so safe to share between workers.
struct SiteValues: @unchecked Sendable {
    let values: [String: Any]
    /// Whether a text value holds the layout marker character.
    let holdsMarker: Bool

    init(values: [String: Any]) {
        self.values = values
        holdsMarker = values.values.contains { ($0 as? String)?.unicodeScalars.contains(LayoutShells.markerScalar) ?? false }
    }
}

/// Pre-rendered layout shells, shared by the parallel page workers.
final class LayoutShells: Sendable {
    /// A piece of a shell: fixed text, or the slot for the page's title or body.
    enum Piece { case text(String), title, body }

    static let markerScalar: Unicode.Scalar = "\u{E000}"
    static let titleMarker = "\u{E000}loupe-title\u{E000}"
    static let bodyMarker = "\u{E000}loupe-body\u{E000}"
    private let shells = Mutex<[[String]: [Piece]]>([:])

    func get(_ key: [String]) -> [Piece]? { shells.withLock { $0[key] } }
    func set(_ key: [String], _ shell: [Piece]) { shells.withLock { $0[key] = shell } }

    /// Splits a rendered layout at the title and body markers (searched for as bytes: ``ByteSearch``).
    static func split(_ rendered: String) -> [Piece] {
        var rendered = rendered
        let title = Array(titleMarker.utf8), body = Array(bodyMarker.utf8)
        return rendered.withUTF8 { buffer -> [Piece] in
            func text(_ range: Range<Int>) -> Piece { .text(String(decoding: buffer[range], as: UTF8.self)) }
            var pieces: [Piece] = []
            var start = 0
            while true {
                let found: (offset: Int, length: Int, piece: Piece)?
                switch (ByteSearch.firstOffset(of: title, in: buffer, from: start), ByteSearch.firstOffset(of: body, in: buffer, from: start)) {
                case let (t?, b?): found = t < b ? (t, title.count, .title) : (b, body.count, .body)
                case let (t?, nil): found = (t, title.count, .title)
                case let (nil, b?): found = (b, body.count, .body)
                case (nil, nil): found = nil
                }
                guard let found else { break }
                pieces.append(text(start..<found.offset))
                pieces.append(found.piece)
                start = found.offset + found.length
            }
            pieces.append(text(start..<buffer.count))
            return pieces
        }
    }

    /// A page's bytes: `shell`'s text with `title` (already escaped) and `body` in their slots.
    static func assemble(_ shell: [Piece], title: String, body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + 4096)
        for piece in shell {
            switch piece {
            case .text(let text): bytes.append(contentsOf: text.utf8)
            case .title: bytes.append(contentsOf: title.utf8)
            case .body: bytes.append(contentsOf: body)
            }
        }
        return bytes
    }

    /// Mustache's HTML escaping (`& < > " '`).
    static func escapeHTML(_ text: String) -> String { HTMLText.escape(text) }
}
