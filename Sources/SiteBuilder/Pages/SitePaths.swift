import Diagnostics
import Deck

/// Where each page lives in the site, and how a page links back to the root.
enum SitePaths {
    static let home = "index.html"
    static let about = "about.html"

    static func category(_ category: DeckCategory) -> String { "deck/\(category.slug)/index.html" }
    static func topic(_ category: DeckCategory, _ topic: DeckTopic) -> String { "deck/\(category.slug)/\(topic.slug)/index.html" }
    /// `deck/<id>.html`, made in one string of its size (asked for every card by the plan and search).
    static func card(_ card: Card) -> String { String(concatenating: "deck/", card.id, ".html") }
    static func image(_ file: String) -> String { "images/" + file.split(separator: "/").map(String.init).joined(separator: "/") }

    /// `../` repeated once per folder in `path` (its non-empty parts but the last). Counted on the
    /// string's own bytes: splitting by `Character` walked every grapheme of 10,000 card paths in the
    /// plan, and even `for byte in path.utf8` took 2,800 instructions a card path (callgrind), a fortieth
    /// of a one-card edit's.
    static func root(of path: String) -> String {
        let parts = path.utf8.withContiguousStorageIfAvailable(Self.partCount) ?? Self.partCount(Array(path.utf8))
        // The usual depths as literals (small strings, no allocation): `String(repeating:count:)` went
        // through its generic path for every planned page.
        switch parts {
        case ...1: return ""
        case 2: return "../"
        case 3: return "../../"
        case 4: return "../../../"
        case 5: return "../../../../"
        default: return String(repeating: "../", count: parts - 1)
        }
    }

    /// How many non-empty parts the `/`-separated `bytes` have.
    private static func partCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var parts = 0, inPart = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") { inPart = false } else if !inPart { inPart = true; parts += 1 }
        }
        return parts
    }

    private static func partCount(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer(partCount) }
}
