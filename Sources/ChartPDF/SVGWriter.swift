import MarkupText
import Optotypes

/// Writes chart pages as one SVG drawing in millimetres; several sheets are stacked top to bottom,
/// each on a white background with a dashed line where the sheets meet.
enum SVGWriter {
    static func write(_ pages: [ChartPage], title: String) -> String {
        guard let first = pages.first else { return "" }
        let width = first.width
        let totalHeight = first.height * Double(pages.count)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))mm\" height=\"\(n(totalHeight))mm\" viewBox=\"0 0 \(n(width)) \(n(totalHeight))\">\n"
        out += "<title>\(escape(title))</title>\n"
        for (index, page) in pages.enumerated() {
            let offset = page.height * Double(index)
            out += "<g transform=\"translate(0 \(n(offset)))\">\n"
            out += "<rect x=\"0\" y=\"0\" width=\"\(n(page.width))\" height=\"\(n(page.height))\" fill=\"#fff\"/>\n"
            if index > 0 {
                out += "<path d=\"M0 0H\(n(page.width))\" stroke=\"#999\" stroke-width=\"0.3\" stroke-dasharray=\"2 2\" fill=\"none\"/>\n"
            }
            let scaled = page.scale != 1
            if scaled { out += "<g transform=\"scale(\(n(page.scale)))\">\n" }
            var clips = 0
            for element in page.elements {
                out += line(for: element, clips: &clips, sheet: index)
            }
            if scaled { out += "</g>\n" }
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    private static func line(for element: PageElement, clips: inout Int, sheet: Int) -> String {
        switch element {
        case let .clipped(box, inner):
            clips += 1
            let id = "clip\(sheet + 1)-\(clips)"
            var out = "<clipPath id=\"\(id)\"><rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#\(id))\">\n"
            for element in inner { out += line(for: element, clips: &clips, sheet: sheet) }
            return out + "</g>\n"
        case let .fill(path):
            let rule = path.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
            return "<path d=\"\(pathData(path))\"\(rule)/>\n"
        case let .stroke(path, width):
            return "<path d=\"\(pathData(path))\" fill=\"none\" stroke=\"#000\" stroke-width=\"\(n(width))\"/>\n"
        case let .text(text):
            let size = text.size * 25.4 / 72
            var attributes = "x=\"\(n(text.x))\" y=\"\(n(text.baseline))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"\(n(size))\""
            if text.isBold { attributes += " font-weight=\"bold\"" }
            if text.anchor != .start { attributes += " text-anchor=\"\(text.anchor.rawValue)\"" }
            return "<text \(attributes)>\(escape(text.text))</text>\n"
        }
    }

    /// The `d` attribute of `path`, written as bytes and made into one string (a chart's paths hold
    /// hundreds of thousands of coordinates).
    private static func pathData(_ path: GlyphPath) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.commands.count * 24)
        func point(_ p: PathPoint) {
            DecimalText.appendTrimmed(p.x, places: 4, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            DecimalText.appendTrimmed(p.y, places: 4, to: &bytes)
        }
        for command in path.commands {
            switch command {
            case let .move(p):
                bytes.append(UInt8(ascii: "M"))
                point(p)
            case let .line(p):
                bytes.append(UInt8(ascii: "L"))
                point(p)
            case let .curve(p, c1, c2):
                bytes.append(UInt8(ascii: "C"))
                point(c1)
                bytes.append(UInt8(ascii: " "))
                point(c2)
                bytes.append(UInt8(ascii: " "))
                point(p)
            case .close:
                bytes.append(UInt8(ascii: "Z"))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Millimetres to 4 decimals (0.1 µm), trailing zeros dropped.
    private static func n(_ value: Double) -> String { DecimalText.trimmed(value, places: 4) }

    /// Escapes text for XML content and attributes.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
