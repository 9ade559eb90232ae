import Foundation
import MarkupText
import Testing

/// The study data is JSON written by hand (`JSONText`, for speed): it must be the bytes Foundation's
/// encoder gives (slashes unescaped), with U+2028 and U+2029 escaped for old parsers.
@Suite("JSON text")
struct JSONTextTests {
    private func encoder(_ value: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode([value]), as: UTF8.self)
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    @Test("Strings match JSONEncoder's bytes, including every control character, quotes, backslashes and line separators")
    func stringsMatchTheEncoder() throws {
        let pieces = ["a", "é", "👁", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}",
                      "\u{2028}", "\u{2029}", "\u{2027}", "\u{E2}", "<p>", "&amp;", " "] + (0..<32).map { String(UnicodeScalar(UInt8($0))) }
        var state: UInt64 = 0x75  // a fixed linear congruential sequence: a failing string can be reproduced
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var samples = pieces + ["", "<p>Plain section</p>\n<ul>\n<li>one</li>\n</ul>\n"]
        for _ in 0..<2000 { samples.append((0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined()) }
        for sample in samples {
            var out: [UInt8] = []
            JSONText.append(strings: [sample], to: &out)
            #expect(String(decoding: out, as: UTF8.self) == (try encoder(sample)), "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
            // Escaping markup too: inside the encoder's JSON every <, > and & is in a string.
            var safe: [UInt8] = []
            JSONText.append(strings: [sample], to: &safe, escapingMarkup: true)
            let expected = try encoder(sample).replacingOccurrences(of: "<", with: "\\u003c")
                .replacingOccurrences(of: ">", with: "\\u003e").replacingOccurrences(of: "&", with: "\\u0026")
            #expect(String(decoding: safe, as: UTF8.self) == expected, "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
