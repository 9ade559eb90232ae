import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)` (tabs and Unicode space separators at either end), without
    /// Foundation when the text starts and ends with an ASCII character other than a space or tab:
    /// then there is nothing to trim, and a session file's fields almost always look like that.
    var trimmingWhitespaces: String {
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if first < 0x80, first != 0x20, first != 0x09, last < 0x80, last != 0x20, last != 0x09 { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }
}
