/// An accessible 1–5 bar: an inline SVG of five segments with `role="img"` and an `aria-label`
/// such as "Energy level 4 of 5". It draws in `currentColor`, so it follows light and dark themes and prints.
struct TraitBar {
    let label: String
    let value: Int
    let maximum: Int

    private static let segmentWidth = 18
    private static let gap = 3
    private static let height = 12

    /// The accessible name, e.g. "Energy level 4 of 5".
    var accessibleName: String { "\(label) \(value) of \(maximum)" }

    /// The SVG markup (one line).
    var svg: String {
        let width = maximum * Self.segmentWidth + (maximum - 1) * Self.gap
        var segments = ""
        for index in 0..<maximum {
            let x = index * (Self.segmentWidth + Self.gap)
            let paint = index < value
                ? "fill=\"currentColor\""
                : "fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.6\""
            segments += "<rect x=\"\(x).5\" y=\"1.5\" width=\"\(Self.segmentWidth - 1)\" height=\"\(Self.height - 3)\" "
                + "rx=\"2\" \(paint)/>"
        }
        return "<svg class=\"trait-bar\" role=\"img\" aria-label=\"\(HTMLEscaping.attribute(accessibleName))\" "
            + "viewBox=\"0 0 \(width + 1) \(Self.height)\" width=\"\(width + 1)\" height=\"\(Self.height)\" "
            + "focusable=\"false\">\(segments)</svg>"
    }
}
