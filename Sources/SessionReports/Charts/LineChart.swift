import Foundation

/// A small line chart of one score over time, as inline SVG without scripts.
struct LineChart {
    /// One point: when, and the value.
    struct Point {
        var time: Date
        var value: Double
        var label: String
    }

    /// The points, oldest first.
    var points: [Point]
    /// The axis range.
    var maximum: Double = 10
    /// A description for assistive technology.
    var title: String

    /// The SVG element, one element per line and no blank line.
    func svg() -> String {
        let width = 480.0, height = 170.0
        let left = 34.0, right = 14.0, top = 12.0, bottom = 30.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let times = points.map(\.time.timeIntervalSince1970)
        let first = times.min() ?? 0, last = times.max() ?? 0
        func x(_ index: Int) -> Double {
            guard points.count > 1 else { return left + plotWidth / 2 }
            if last > first { return left + plotWidth * (times[index] - first) / (last - first) }
            return left + plotWidth * Double(index) / Double(points.count - 1)
        }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - min(max(value, 0), maximum) / maximum) }
        var lines: [String] = []
        lines.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart line\" viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" role=\"img\" aria-label=\"\(SVGText.escape(title))\">")
        lines.append("<title>\(SVGText.escape(title))</title>")
        for tick in [0.0, maximum / 2, maximum] {
            lines.append("<line x1=\"\(SVGText.number(left))\" y1=\"\(SVGText.number(y(tick)))\" x2=\"\(SVGText.number(width - right))\" y2=\"\(SVGText.number(y(tick)))\" stroke=\"#d8d8d8\" stroke-width=\"1\"/>")
            lines.append("<text x=\"\(SVGText.number(left - 6))\" y=\"\(SVGText.number(y(tick) + 4))\" text-anchor=\"end\" font-size=\"11\" fill=\"#555555\">\(SVGText.number(tick))</text>")
        }
        if points.count > 1 {
            let path = points.indices.map { "\(SVGText.number(x($0))),\(SVGText.number(y(points[$0].value)))" }.joined(separator: " ")
            lines.append("<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(RadarChart.primaryColour)\" stroke-width=\"2\"/>")
        }
        for index in points.indices {
            let point = points[index]
            lines.append("<circle cx=\"\(SVGText.number(x(index)))\" cy=\"\(SVGText.number(y(point.value)))\" r=\"3\" fill=\"\(RadarChart.primaryColour)\"><title>\(SVGText.escape(point.label)): \(SVGText.number(point.value))</title></circle>")
        }
        if let firstPoint = points.first {
            lines.append("<text x=\"\(SVGText.number(left))\" y=\"\(SVGText.number(height - 8))\" font-size=\"11\" fill=\"#555555\">\(SVGText.escape(firstPoint.label))</text>")
        }
        if points.count > 1, let lastPoint = points.last {
            lines.append("<text x=\"\(SVGText.number(width - right))\" y=\"\(SVGText.number(height - 8))\" text-anchor=\"end\" font-size=\"11\" fill=\"#555555\">\(SVGText.escape(lastPoint.label))</text>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }
}
