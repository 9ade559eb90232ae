/// The paged-media style sheet added to every session document when it becomes a PDF: the paper size,
/// margins, a footer with the document id, the generator and "Page x of y" on every page, and fonts
/// that cover all of Unicode that the documents may hold.
///
/// The document's own `@media print` rules (in `sessions/layout.html`) decide breaks and sizes; this
/// sheet holds only what a browser's print dialog cannot do and what differs per PDF.
struct PageStyle {
    var paper: DocumentPaper
    var documentID: String
    var generator: String

    /// The footer's fonts (the page content's come from the document's own style): Noto Sans and DejaVu
    /// Sans cover Latin, Greek and Cyrillic with accents; anything else falls back through fontconfig.
    static let fontStack = "\"Noto Sans\", \"DejaVu Sans\", sans-serif"

    var css: String {
        let footer = "font: 7.5pt/1.2 \(Self.fontStack); color: #5b5b5b; vertical-align: top; padding-top: 3mm;"
        return """
        @page {
          size: \(paper.cssSize) portrait;
          margin: 14mm 14mm 16mm 14mm;
          @bottom-left { content: \(Self.cssString(documentID + " · " + generator)); \(footer) }
          @bottom-right { content: "Page " counter(page) " of " counter(pages); \(footer) }
        }
        """
    }

    /// A CSS string literal for any text: quotes, backslashes and control characters are escaped, so
    /// no document id can end the string or the rule.
    static func cssString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\" + String(scalar.value, radix: 16) + " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
