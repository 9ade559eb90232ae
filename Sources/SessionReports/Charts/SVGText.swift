import MarkupText
/// Escaping and number formatting for generated SVG.
enum SVGText {
    /// `text` safe inside SVG/HTML text and attribute values.
    static func escape(_ text: String) -> String { HTMLText.escapeOneLine(text) }

    /// A coordinate with at most two decimals, never `-0`.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
