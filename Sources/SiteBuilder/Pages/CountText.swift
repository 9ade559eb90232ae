/// A count with its noun in the right number: "1 card", "2 cards", "0 cards".
enum CountText {
    /// `count` followed by `singular` when it is exactly 1, else by `plural` (default: `singular` + "s").
    static func text(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : (plural ?? singular + "s"))
    }
}
