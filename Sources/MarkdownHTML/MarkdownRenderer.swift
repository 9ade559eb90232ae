import CCmark
import CmarkArena
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns CommonMark into an HTML fragment through libcmark.
///
/// This is the only module that touches libcmark: what it makes lives in the thread's arena
/// (`CmarkArena`) and is copied into Swift values before the arena is rewound.
public enum MarkdownRenderer {
    /// Renders `markdown` to HTML.
    ///
    /// - Parameters:
    ///   - markdown: CommonMark text.
    ///   - allowRawHTML: when `false`, raw HTML and dangerous URLs (`javascript:` …) in the Markdown are
    ///     omitted by libcmark's safe mode; use `false` for anything a user wrote.
    ///   - smartPunctuation: curly quotes and dashes.
    /// - Returns: the HTML fragment; invalid UTF-8 never reaches libcmark because Swift strings are valid.
    public static func html(from markdown: String, allowRawHTML: Bool = true, smartPunctuation: Bool = false) -> String {
        var options: Int32 = 0
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        if smartPunctuation { options |= CMARK_OPT_SMART }
        return withDocument(markdown, options: options) { document in
            guard let rendered = cmark_render_html(document, options) else { return "" }
            return String(cString: rendered)
        } ?? ""
    }

    /// Parses `markdown` with `options` and hands the document to `body`; every node and every buffer
    /// libcmark makes for it, the rendered HTML too, lives in the thread's arena (`CmarkArena`) and is
    /// given back when `body` returns. `nil` when libcmark cannot start a parser.
    ///
    /// `CMARK_OPT_VALIDATE_UTF8` is not needed: a Swift string's UTF-8 is always valid, and libcmark
    /// replaces NUL bytes either way.
    static func withDocument<Result>(_ markdown: String, options: Int32,
                                     _ body: (OpaquePointer) -> Result?) -> Result? {
        let mark = cmark_arena_here()
        defer { cmark_arena_rewind(mark) }
        var source = markdown
        return source.withUTF8 { buffer -> Result? in
            guard let parser = cmark_parser_new_with_mem(options, cmark_arena_allocator().assumingMemoryBound(to: cmark_mem.self))
            else { return nil }
            if let base = buffer.baseAddress {
                cmark_parser_feed(parser, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), buffer.count)
            }
            guard let document = cmark_parser_finish(parser) else { return nil }
            return body(document)
        }
    }
}
