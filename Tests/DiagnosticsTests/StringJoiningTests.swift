import Diagnostics
import Foundation
import Testing

@Suite("String joining")
struct StringJoiningTests {
    /// The bytes are copied into the new string: it must equal `+` for empty, small (inline), long,
    /// non-ASCII and bridged-from-Foundation texts, in every place.
    @Test(arguments: [
        ("", "", ""), ("deck/", "eye/lids/stye", ".html"), ("", "x", ""), ("a", "", "b"),
        ("deck/", "uvéite/œil/Ünterschied ✎", ".html"), (String(repeating: "retina ", count: 40), "/", "→ 👁️"),
        (NSString(string: "bridged ·").description, "/", NSString(string: "also").description),
    ])
    func matchesPlainConcatenation(_ parts: (String, String, String)) {
        let joined = String(concatenating: parts.0, parts.1, parts.2)
        #expect(joined == parts.0 + parts.1 + parts.2)
        #expect(Array(joined.utf8) == Array(parts.0.utf8) + Array(parts.1.utf8) + Array(parts.2.utf8))
    }
}
