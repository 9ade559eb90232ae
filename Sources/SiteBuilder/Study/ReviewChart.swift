import Study

/// The review history as an inline SVG bar chart: one stacked bar per day (Hard, Unsure, Easy),
/// drawn at build time so the Progress page needs no JavaScript.
enum ReviewChart {
    /// The most days drawn; older days are left out (the session list still has them).
    static let maximumDays = 120

    /// The SVG for `days` (oldest first), on one line; `nil` when there is nothing to draw.
    static func svg(_ days: [ReviewDay]) -> String? {
        let shown = Array(days.suffix(maximumDays))
        guard !shown.isEmpty, let peak = shown.map(\.total).max(), peak > 0 else { return nil }
        let width = 640.0, height = 200.0, left = 36.0, bottom = 24.0, margin = 10.0
        let plot = height - bottom - margin
        let slot = (width - left - 6) / Double(shown.count)
        let barWidth = max(1, slot * 0.8)
        let scale = plot / Double(niceCeiling(peak))
        var svg = "<svg class=\"review-chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"review-chart-title\" xmlns=\"http://www.w3.org/2000/svg\">"
        let total = shown.reduce(0) { $0 + $1.total }
        svg += "<title id=\"review-chart-title\">Reviews per day, \(shown.first?.day ?? "") to \(shown.last?.day ?? ""): \(total) answers</title>"
        // Grid lines and labels at 0, half and the top.
        let axisMaximum = niceCeiling(peak)
        for value in [0, axisMaximum / 2, axisMaximum] {
            let y = format(height - bottom - Double(value) * scale)
            svg += "<line class=\"grid\" x1=\"\(format(left))\" y1=\"\(y)\" x2=\"\(format(width - 4))\" y2=\"\(y)\"/>"
            svg += "<text class=\"axis\" x=\"\(format(left - 4))\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(value)</text>"
        }
        for (index, day) in shown.enumerated() {
            let x = left + Double(index) * slot + (slot - barWidth) / 2
            var y = height - bottom
            svg += "<g><title>\(day.day): \(day.easy) easy, \(day.unsure) unsure, \(day.hard) hard</title>"
            for (count, kind) in [(day.hard, "hard"), (day.unsure, "unsure"), (day.easy, "easy")] where count > 0 {
                let h = Double(count) * scale
                y -= h
                svg += "<rect class=\"\(kind)\" x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(barWidth))\" height=\"\(format(h))\"/>"
            }
            svg += "</g>"
        }
        svg += "<text class=\"axis\" x=\"\(format(left))\" y=\"\(format(height - 6))\">\(shown.first?.day ?? "")</text>"
        if shown.count > 1 {
            svg += "<text class=\"axis\" x=\"\(format(width - 4))\" y=\"\(format(height - 6))\" text-anchor=\"end\">\(shown.last?.day ?? "")</text>"
        }
        svg += "</svg>"
        return svg
    }

    /// A round axis maximum at or above `value`: 1, 2, 5 × 10ⁿ, and even so the half mark is whole.
    static func niceCeiling(_ value: Int) -> Int {
        var step = 1
        while true {
            for multiple in [2, 4, 10] where multiple * step >= value { return multiple * step }
            step *= 10
        }
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
