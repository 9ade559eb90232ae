/// Approximate Helvetica advance widths (per 1000 em), enough to keep labels clear of each other.
enum TextMetrics {
    static let pointsToMillimetres = 25.4 / 72

    /// Width of `text` in mm at `size` points (bold adds about 5 %).
    static func width(of text: String, size: Double, bold: Bool = false) -> Double {
        var units = 0.0
        for character in text {
            units += advance(character)
        }
        return units / 1000 * size * pointsToMillimetres * (bold ? 1.05 : 1)
    }

    private static func advance(_ character: Character) -> Double {
        switch character {
        case "0"..."9": 556
        case " ", ".", ",", "/", "·", ":", ";", "!", "'", "i", "j", "l", "I", "f", "t": 278
        case "+", "=", "<", ">", "×": 584
        case "-", "(", ")", "r": 333
        case "%": 889
        case "M", "m", "W", "—": 900
        case "w": 722
        case "–": 556
        case "A"..."Z": 722
        default: 556
        }
    }
}
