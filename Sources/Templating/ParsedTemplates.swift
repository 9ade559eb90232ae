#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Mustache
import Synchronization

/// A site's Mustache templates, parsed all at once or each when a render first needs it.
///
/// swift-mustache's parser measures the rest of the template at every tag it reads, so parsing the
/// built-in templates took 15–20 ms of a core in every build. A build that updates a site made with
/// the same templates (which all parsed then) renders a handful of them: those are parsed on first
/// use, with the partials and parents their tags name (`{{> breadcrumbs}}`, `{{<frame}}`). A template
/// that changes its delimiters (`{{=<% %>=}}`) is taken to name every template whose name its text holds.
final class ParsedTemplates: Sendable {
    /// One template's text (with the Markdown pragma for a `.md` one) and where it came from.
    struct Source: Sendable {
        var text: String
        var isMarkdown: Bool
        var displayPath: String
    }

    private let byName: [String: Source]
    /// The other templates whose names each template's text holds.
    private let named: [String: [String]]
    /// The library of every template, when they were all parsed at once.
    private let whole: MustacheLibrary?
    /// The templates parsed so far, when each is parsed on first use.
    private let parsed = Mutex<(library: MustacheLibrary, names: Set<String>)>((MustacheLibrary(), []))

    /// Parses every template now, or (`onFirstUse`) each when first rendered. A template that picks a
    /// partial by a value (`{{>*name}}`) names it nowhere, so then every template is parsed now.
    init(_ sources: [(name: String, source: Source)], onFirstUse: Bool) throws(TemplateError) {
        byName = Dictionary(sources.map { ($0.name, $0.source) }, uniquingKeysWith: { first, _ in first })
        if onFirstUse && !sources.contains(where: { Self.namesPartialsByValue($0.source.text) }) {
            named = Dictionary(sources.map { name, source in
                let partials = Self.partialNames(in: source.text)
                return (name, sources.map(\.name).filter { other in
                    other != name && (partials.map { $0.contains(other) } ?? Self.text(source.text, holds: other))
                })
            }, uniquingKeysWith: { first, _ in first })
            whole = nil
            return
        }
        named = [:]
        var library = MustacheLibrary()
        for (name, source) in sources { library.register(try Self.parse(source), named: name) }
        whole = library
    }

    /// A library holding `name` and every template it may render as a partial.
    func library(for name: String) throws(TemplateError) -> MustacheLibrary {
        if let whole { return whole }
        return try parsed.withLock { parsed throws(TemplateError) -> MustacheLibrary in
            var pending = [name]
            while let next = pending.popLast() {
                guard !parsed.names.contains(next), let source = byName[next] else { continue }
                parsed.library.register(try Self.parse(source), named: next)
                parsed.names.insert(next)
                pending += named[next, default: []].filter { !parsed.names.contains($0) }
            }
            return parsed.library
        }
    }

    /// The names of the partials and parents `text`'s tags render (`{{> name}}`, `{{<name}}`), read as
    /// swift-mustache reads them: the sigil right after `{{`, then any spaces, then the name's characters.
    /// `nil` when the tags cannot be told from the bytes alone: the text changes its delimiters (`{{=`), or a
    /// character other than an ASCII space follows a sigil. (Every template whose name the text held was
    /// parsed before: the layout's links name nearly all of them, and an edit build parsed them all.)
    static func partialNames(in text: String) -> Set<String>? {
        let bytes = Array(text.utf8)
        var names = Set<String>()
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else { index += 1; continue }
            let sigil = bytes[index + 2]
            index += 2
            if sigil == UInt8(ascii: "=") { return nil }
            guard sigil == UInt8(ascii: ">") || sigil == UInt8(ascii: "<") else { continue }
            index += 1
            while index < bytes.count, Self.spaces.contains(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, Self.partialNameBytes.contains(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] >= 0x80 { return nil }
            names.insert(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        return names
    }

    /// The ASCII characters `Character.isWhitespace` holds, which swift-mustache skips after a sigil.
    private static let spaces = Set(" \t\n\r\u{0B}\u{0C}".utf8)
    /// The characters swift-mustache reads in a partial's name.
    private static let partialNameBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/".utf8)

    /// Whether `text` holds `name`'s bytes (`String.contains` went through Foundation's search, a
    /// tenth of the pages of an edit build).
    static func text(_ text: String, holds name: String) -> Bool {
        var text = text, name = name
        return text.withUTF8 { haystack in
            name.withUTF8 { needle in
                guard let first = needle.first, let start = haystack.baseAddress, let wanted = needle.baseAddress else { return true }
                var offset = 0
                while offset + needle.count <= haystack.count,
                      let found = memchr(start + offset, Int32(first), haystack.count - offset - needle.count + 1) {
                    let at = start.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(start + at, wanted, needle.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    /// Whether `text` may pick a partial or parent by a value: a `*` after `>` or `<` and any spaces,
    /// looked for anywhere (a template may change its delimiters).
    static func namesPartialsByValue(_ text: String) -> Bool {
        var afterSigil = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "*") && afterSigil { return true }
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                afterSigil = true
            } else if byte != UInt8(ascii: " ") {
                afterSigil = false
            }
        }
        return false
    }

    private static func parse(_ source: Source) throws(TemplateError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: source.text)
        } catch let error as MustacheTemplate.ParserError {
            let line = error.context.lineNumber - (source.isMarkdown ? 1 : 0)
            throw .syntax(path: source.displayPath, line: max(line, 1), column: error.context.columnNumber, reason: "\(error.error)")
        } catch {
            throw .syntax(path: source.displayPath, line: 1, column: 1, reason: "\(error)")
        }
    }
}
