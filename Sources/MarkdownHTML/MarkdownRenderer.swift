import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns CommonMark into an HTML fragment through libcmark.
///
/// This is the only module that touches libcmark: the C buffer is copied into a Swift `String`
/// at once and freed with `defer`.
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
        var options = CMARK_OPT_VALIDATE_UTF8
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        if smartPunctuation { options |= CMARK_OPT_SMART }
        var source = markdown
        return source.withUTF8 { buffer -> String in
            guard let base = buffer.baseAddress,
                  let rendered = cmark_markdown_to_html(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), buffer.count, options)
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}
