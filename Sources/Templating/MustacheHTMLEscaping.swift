/// swift-mustache's HTML escaping of `{{value}}` (`String.htmlEscape`, internal to it), character
/// for character: `<`, `>`, `&`, `"` and `'` are replaced where they are a whole `Character`; one
/// joined to a combining mark (`<\u{301}`) is left, as swift-mustache leaves it.
enum MustacheHTMLEscaping {
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
