/// Escapes user text so that it stays literal text both in Markdown and in HTML.
///
/// Characters that could start Markdown or HTML markup become numeric character references,
/// which libcmark and browsers both decode back to the character, and which stay inert inside
/// raw HTML blocks (where backslash escapes would not apply). Newlines become spaces so a value
/// can never end an HTML block or start a new Markdown block.
public enum MarkdownEscaper {
    /// The escaped form of `text`.
    public static func escape(_ text: String) -> String {
        var out = String()
        out.reserveCapacity(text.utf8.count + 16)
        var atStart = true
        var pendingDigits = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\\": out += "&#92;"
            case "`": out += "&#96;"
            case "*": out += "&#42;"
            case "_": out += "&#95;"
            case "[": out += "&#91;"
            case "]": out += "&#93;"
            case "!": out += "&#33;"
            case "|": out += "&#124;"
            case "~": out += "&#126;"
            case "{": out += "&#123;"
            case "}": out += "&#125;"
            case "$": out += "&#36;"
            case "\n", "\r", "\u{2028}", "\u{2029}": out += " "
            case "\t": out += " "
            case "\0": out += "\u{FFFD}"
            case "#" where atStart: out += "&#35;"
            case "-" where atStart: out += "&#45;"
            case "+" where atStart: out += "&#43;"
            case "=" where atStart: out += "&#61;"
            case " " where atStart: out += "&#32;"
            case "." where pendingDigits: out += "&#46;"
            case ")" where pendingDigits: out += "&#41;"
            default: out.unicodeScalars.append(scalar)
            }
            // A value may land at the start of a Markdown line: guard list and heading markers there.
            let isDigit = scalar.properties.numericType != nil && scalar.isASCII
            pendingDigits = (atStart || pendingDigits) && isDigit
            atStart = false
        }
        return out
    }
}
