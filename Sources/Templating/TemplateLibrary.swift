import Foundation
import MarkupText
import Mustache

/// The page templates of a site: Mustache files loaded once from a folder.
///
/// `*.md` templates produce Markdown and escape every `{{value}}` with ``MarkdownEscaper`` so user
/// text can become neither Markdown nor HTML markup; `*.html` templates escape for HTML. A template's
/// name is its path relative to the folder without extension, e.g. `card` or `sessions/acuity`.
/// `{{{value}}}` is reserved for fragments the generator produced and escaped itself.
public struct TemplateLibrary: Sendable {
    private let templates: ParsedTemplates
    private let names: Set<String>
    /// Skeletons by context shape; `nil` when a template uses what markers cannot stand for
    /// (``SkeletonEligibility``) or `LOUPE_DIRECT_MUSTACHE=1` is set: every page is then rendered directly.
    private let skeletons: SkeletonMemo?
    /// The folder the templates came from.
    public let directory: URL

    /// The pragma prepended to Markdown templates.
    static let markdownPragma = "{{% CONTENT_TYPE: MARKDOWN }}\n"

    /// Every file the templates were loaded from, assets included (`assets/site.css`).
    public let files: TemplateFiles

    /// Loads every `.md` and `.html` template under `directory`, recursively.
    public init(directory: URL) throws(TemplateError) {
        try self.init(files: TemplateFiles(directory: directory), directory: directory)
    }

    /// Loads every `.md` and `.html` template of `files`; `directory` names the templates in
    /// "missing template" errors. Other files (assets) are kept in ``files``.
    ///
    /// Every template is parsed now, and the first one that does not parse is the error; with
    /// `parsingOnFirstUse`, for templates known to parse (a site made with these very files), each is
    /// parsed when a render first needs it (``ParsedTemplates``).
    public init(files: TemplateFiles, directory: URL, parsingOnFirstUse: Bool = false) throws(TemplateError) {
        Self.registerContentType
        self.directory = directory
        self.files = files
        var sources: [(name: String, source: ParsedTemplates.Source)] = []
        var fillsSkeletons = ProcessInfo.processInfo.environment["LOUPE_DIRECT_MUSTACHE"] != "1"
        for relative in files.paths {
            let pathExtension = (relative as NSString).pathExtension
            guard ["md", "html"].contains(pathExtension), let file = files[relative] else { continue }
            let name = String(relative.dropLast(pathExtension.count + 1))
            guard let text = String(data: file.data, encoding: .utf8) else { throw .unreadableFile(path: file.displayPath) }
            let isMarkdown = pathExtension == "md"
            fillsSkeletons = fillsSkeletons && SkeletonEligibility.allows(text)
            sources.append((name, .init(text: isMarkdown ? Self.markdownPragma + text : text, isMarkdown: isMarkdown, displayPath: file.displayPath)))
        }
        templates = try ParsedTemplates(sources, onFirstUse: parsingOnFirstUse)
        self.names = Set(sources.map(\.name))
        skeletons = fillsSkeletons ? SkeletonMemo() : nil
    }

    /// Whether contexts are rendered from skeletons (``RenderSkeleton``).
    var usesSkeletons: Bool { skeletons != nil }

    /// Whether a template called `name` was loaded.
    public func hasTemplate(_ name: String) -> Bool { names.contains(name) }

    /// Parses the templates `names` (and the partials they name) now, when the library parses each on
    /// first use: an edit build does it while the content loads, rather than in the one page it renders
    /// (swift-mustache's parser takes time growing with the square of a template's length: 3 ms for
    /// the 3.5 KB layout). A template that fails to parse is reported when it is rendered, as before.
    public func prepare(_ names: [String]) {
        for name in names where self.names.contains(name) { _ = try? templates.library(for: name) }
    }

    /// The names the `.md` template `name` refers to in its tags (`{{x}}`, `{{{x}}}`, `{{#x}}`,
    /// `{{^x}}`, `{{> x}}`, each part of a dotted name), e.g. to learn whether a user's `card.md` still
    /// reads keys the built-in one no longer needs. Empty when there is no such template.
    public func tagNames(of name: String) -> Set<String> {
        guard let file = files[name + ".md"] else { return [] }
        // On the bytes: the trimmed characters are ASCII, which no byte of another UTF-8 character is.
        // (Through `String.range(of:)` this was an eighth of planning a one-card edit.)
        let bytes = [UInt8](file.data), open = Array("{{".utf8), close = Array("}}".utf8)
        let trimmed = Set(" {&#^/>!=%".utf8)
        var names = Set<String>()
        bytes.withUnsafeBufferPointer { text in
            var index = 0
            while let start = ByteSearch.firstOffset(of: open, in: text, from: index),
                  let end = ByteSearch.firstOffset(of: close, in: text, from: start + 2) {
                var tag = bytes[(start + 2)..<end]
                while let first = tag.first, trimmed.contains(first) { tag = tag.dropFirst() }
                while let last = tag.last, trimmed.contains(last) { tag = tag.dropLast() }
                for part in tag.split(separator: UInt8(ascii: ".")) {
                    names.insert(String(decoding: part, as: UTF8.self).trimmingCharacters(in: .whitespaces))
                }
                index = end + 2
            }
        }
        return names
    }

    /// Renders template `name` with `context` (dictionaries, arrays, strings, numbers, booleans).
    ///
    /// A context of strings, `Int`s, booleans, `[String: Any]` dictionaries and arrays fills the
    /// skeleton of its shape in (``RenderSkeleton``), made once by swift-mustache; the text is the
    /// same as swift-mustache renders for the context itself.
    public func render(_ name: String, with context: Any) throws(TemplateError) -> String {
        guard names.contains(name) else { throw .missing(name: name, directory: directory.path) }
        if let skeletons, let (shape, texts) = ContextShape.of(context, template: name),
           let skeleton = skeletons.skeleton(for: shape, make: { makeSkeleton(name, context: context, textCount: texts.count) }) {
            return skeleton.render(texts)
        }
        return try renderDirectly(name, with: context)
    }

    /// Renders template `name` with the context `shape` was written for: from the skeleton of its shape
    /// when there is one, else through swift-mustache with `context()`, which must give the dictionary
    /// the shape was written from (``ContextShapeWriter``). The text is what ``render(_:with:)`` gives
    /// for that dictionary.
    public func render(_ name: String, shape: ContextShapeWriter, context: () -> [String: Any]) throws(TemplateError) -> String {
        guard names.contains(name) else { throw .missing(name: name, directory: directory.path) }
        guard let skeletons else { return try renderDirectly(name, with: context()) }
        let texts = shape.texts
        if let skeleton = skeletons.skeleton(for: ContextShape(bytes: shape.bytes), make: {
            makeSkeleton(name, context: context(), textCount: texts.count)
        }) {
            return skeleton.render(texts)
        }
        return try renderDirectly(name, with: context())
    }

    /// Renders template `name` with `context` through swift-mustache, without skeletons.
    func renderDirectly(_ name: String, with context: Any) throws(TemplateError) -> String {
        guard names.contains(name), let text = try templates.library(for: name).render(context, withTemplate: name)
        else { throw .missing(name: name, directory: directory.path) }
        return text
    }

    private func makeSkeleton(_ name: String, context: Any, textCount: Int) -> RenderSkeleton? {
        var count = 0
        let marked = MarkerContext.make(context, next: &count)
        guard count == textCount, count < 1 << 24, let library = try? templates.library(for: name),
              let output = library.render(marked, withTemplate: name) else { return nil }
        return RenderSkeleton(markedOutput: output, textCount: count)
    }

    private static let registerContentType: Void = {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
    }()
}
