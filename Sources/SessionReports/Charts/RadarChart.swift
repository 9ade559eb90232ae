import Foundation

/// A radar (spider) chart of a few series over the same axes, as inline SVG without scripts.
struct RadarChart {
    /// One polygon.
    struct Series {
        /// The legend name.
        var name: String
        /// One value per axis, from 0 to `maximum`; `nil` where the axis was not measured (no point drawn).
        var values: [Double?]
        /// Drawn filled and solid (the subject) or dashed and unfilled (the comparison).
        var isPrimary: Bool
    }

    /// Axis labels, drawn clockwise from the top.
    var axes: [String]
    /// The series, drawn in order.
    var series: [Series]
    /// The value at the rim.
    var maximum: Double = 10
    /// A description for assistive technology.
    var title: String

    static let primaryColour = "#1f5fbf"
    static let secondaryColour = "#c25e00"

    /// The SVG element, one element per line and no blank line (so it stays one HTML block in Markdown).
    func svg() -> String {
        let width = 360.0, height = 330.0
        let centre = (x: 180.0, y: 160.0)
        let radius = 110.0
        let count = axes.count
        func point(_ axis: Int, _ value: Double) -> (x: Double, y: Double) {
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(axis) / Double(max(count, 1))
            let r = radius * min(max(value, 0), maximum) / maximum
            return (centre.x + r * cos(angle), centre.y + r * sin(angle))
        }
        func polygon(_ values: [Double]) -> String {
            values.enumerated().map { index, value in
                let p = point(index, value)
                return "\(SVGText.number(p.x)),\(SVGText.number(p.y))"
            }.joined(separator: " ")
        }
        var lines: [String] = []
        lines.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart radar\" viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" role=\"img\" aria-label=\"\(SVGText.escape(title))\">")
        lines.append("<title>\(SVGText.escape(title))</title>")
        for ring in stride(from: maximum / 5, through: maximum, by: maximum / 5) {
            lines.append("<polygon points=\"\(polygon(Array(repeating: ring, count: count)))\" fill=\"none\" stroke=\"#c8c8c8\" stroke-width=\"1\"/>")
        }
        for axis in 0..<count {
            let end = point(axis, maximum)
            lines.append("<line x1=\"\(SVGText.number(centre.x))\" y1=\"\(SVGText.number(centre.y))\" x2=\"\(SVGText.number(end.x))\" y2=\"\(SVGText.number(end.y))\" stroke=\"#c8c8c8\" stroke-width=\"1\"/>")
            let label = point(axis, maximum * 1.14)
            let anchor = abs(label.x - centre.x) < 1 ? "middle" : (label.x > centre.x ? "start" : "end")
            lines.append("<text x=\"\(SVGText.number(label.x))\" y=\"\(SVGText.number(label.y + 4))\" text-anchor=\"\(anchor)\" font-size=\"13\" fill=\"#333333\">\(SVGText.escape(axes[axis]))</text>")
        }
        lines.append("<text x=\"\(SVGText.number(centre.x + 4))\" y=\"\(SVGText.number(centre.y - radius + 11))\" font-size=\"9\" fill=\"#777777\">\(SVGText.number(maximum))</text>")
        for item in series {
            let colour = item.isPrimary ? Self.primaryColour : Self.secondaryColour
            let fill = item.isPrimary ? "fill=\"\(colour)\" fill-opacity=\"0.22\"" : "fill=\"none\""
            let dash = item.isPrimary ? "" : " stroke-dasharray=\"6 4\""
            let present = item.values.enumerated().compactMap { index, value in value.map { (index, $0) } }
            let points = present.map { index, value in
                let p = point(index, value)
                return "\(SVGText.number(p.x)),\(SVGText.number(p.y))"
            }.joined(separator: " ")
            if present.count >= 2 {
                lines.append("<polygon points=\"\(points)\" \(fill) stroke=\"\(colour)\" stroke-width=\"2\"\(dash)/>")
            }
            for (index, value) in present {
                let p = point(index, value)
                lines.append("<circle cx=\"\(SVGText.number(p.x))\" cy=\"\(SVGText.number(p.y))\" r=\"3\" fill=\"\(colour)\"/>")
            }
        }
        for (index, item) in series.enumerated() {
            let colour = item.isPrimary ? Self.primaryColour : Self.secondaryColour
            let x = 20.0 + Double(index) * 170
            let dash = item.isPrimary ? "" : " stroke-dasharray=\"6 4\""
            lines.append("<line x1=\"\(SVGText.number(x))\" y1=\"315\" x2=\"\(SVGText.number(x + 24))\" y2=\"315\" stroke=\"\(colour)\" stroke-width=\"3\"\(dash)/>")
            lines.append("<text x=\"\(SVGText.number(x + 30))\" y=\"319\" font-size=\"12\" fill=\"#333333\">\(SVGText.escape(item.name))</text>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }
}
