import MarkupText
import Mustache

/// The Mustache content type for Markdown templates: `{{value}}` is escaped for Markdown and HTML.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownEscaper.escape(text) }
}
