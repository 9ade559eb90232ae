import Foundation
import Mustache

/// The page templates of a site: Mustache files loaded once from a folder.
///
/// `*.md` templates produce Markdown and escape every `{{value}}` with ``MarkdownEscaper`` so user
/// text can become neither Markdown nor HTML markup; `*.html` templates escape for HTML. A template's
/// name is its path relative to the folder without extension, e.g. `card` or `sessions/acuity`.
/// `{{{value}}}` is reserved for fragments the generator produced and escaped itself.
public struct TemplateLibrary: Sendable {
    private let library: MustacheLibrary
    private let names: Set<String>
    /// The folder the templates came from.
    public let directory: URL

    /// The pragma prepended to Markdown templates.
    static let markdownPragma = "{{% CONTENT_TYPE: MARKDOWN }}\n"

    /// Loads every `.md` and `.html` template under `directory`, recursively.
    public init(directory: URL) throws(TemplateError) {
        Self.registerContentType
        self.directory = directory
        let fileManager = FileManager.default
        // A symlinked templates folder works: its real target is listed.
        let isLink = (try? fileManager.destinationOfSymbolicLink(atPath: directory.path)) != nil
        let listed = isLink ? directory.resolvingSymlinksInPath() : directory
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = fileManager.enumerator(at: listed, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw .unreadableDirectory(path: directory.path) }
        var library = MustacheLibrary()
        var names = Set<String>()
        let basePath = listed.standardizedFileURL.path
        let files = enumerator.compactMap { $0 as? URL }
            .filter { ["md", "html"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        for file in files {
            let path = file.standardizedFileURL.path
            var relative = String(path.dropFirst(basePath.count))
            while relative.hasPrefix("/") { relative.removeFirst() }
            let name = String(relative.dropLast(file.pathExtension.count + 1))
            guard let data = fileManager.contents(atPath: file.path), let text = String(data: data, encoding: .utf8)
            else { throw .unreadableFile(path: file.path) }
            let isMarkdown = file.pathExtension == "md"
            do {
                let template = try MustacheTemplate(string: isMarkdown ? Self.markdownPragma + text : text)
                library.register(template, named: name)
                names.insert(name)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber - (isMarkdown ? 1 : 0)
                throw .syntax(path: file.path, line: max(line, 1), column: error.context.columnNumber, reason: "\(error.error)")
            } catch {
                throw .syntax(path: file.path, line: 1, column: 1, reason: "\(error)")
            }
        }
        self.library = library
        self.names = names
    }

    /// Whether a template called `name` was loaded.
    public func hasTemplate(_ name: String) -> Bool { names.contains(name) }

    /// Renders template `name` with `context` (dictionaries, arrays, strings, numbers, booleans).
    public func render(_ name: String, with context: Any) throws(TemplateError) -> String {
        guard names.contains(name), let text = library.render(context, withTemplate: name)
        else { throw .missing(name: name, directory: directory.path) }
        return text
    }

    private static let registerContentType: Void = {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
    }()
}
