/// The neutral stand-in drawn when no local photo exists: an inline SVG paw print (no network request).
enum BreedPlaceholder {
    /// The figure markup, labelled "No photo of <name>".
    static func figure(name: String) -> String {
        let label = HTMLEscaping.attribute("No photo of \(name)")
        return "<figure class=\"breed-photo breed-photo-placeholder\">"
            + "<svg role=\"img\" aria-label=\"\(label)\" viewBox=\"0 0 160 120\" width=\"160\" height=\"120\" focusable=\"false\">"
            + "<rect x=\"1\" y=\"1\" width=\"158\" height=\"118\" rx=\"10\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.35\"/>"
            + "<g fill=\"currentColor\" fill-opacity=\"0.45\">"
            + "<ellipse cx=\"80\" cy=\"76\" rx=\"22\" ry=\"18\"/>"
            + "<ellipse cx=\"52\" cy=\"52\" rx=\"8\" ry=\"11\"/>"
            + "<ellipse cx=\"68\" cy=\"38\" rx=\"8\" ry=\"11\"/>"
            + "<ellipse cx=\"92\" cy=\"38\" rx=\"8\" ry=\"11\"/>"
            + "<ellipse cx=\"108\" cy=\"52\" rx=\"8\" ry=\"11\"/>"
            + "</g></svg></figure>"
    }
}
