import Foundation
import Testing
import TestSupport
@testable import Sessions

/// The ASCII shortcuts of session reading give what the general paths give.
@Suite("Session text shortcuts")
struct TextShortcutTests {
    static let pieces = ["2026", "-", "07", "02", " ", "  ", "\t", "\n", ":", ".", "227", "2", "PM", "pm", "p.m.", "午後", "٢٠٢٦",
                         "\u{202F}", "\u{00A0}", "\u{200E}", "x", "T", "\u{0301}", "am", "vorm."]

    @Test func asciiTimestampsNormaliseLikeTheGeneralPath() {
        var random = SeededRandom(seed: 0x7153_2026)
        var shortcuts = 0
        for _ in 0..<20_000 {
            let text = (0..<random.next(below: 9)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            guard let fast = PhoneTimestamp.asciiNormalised(text) else { continue }
            shortcuts += 1
            let general = PhoneTimestamp.normalised(text)
            #expect(fast == general.0 && !general.localDigits && general.isPM == nil, "\(text.debugDescription)")
        }
        #expect(shortcuts > 1_000)
        #expect(PhoneTimestamp.asciiNormalised("2026-07-02 2:30:03.227 PM") == nil)
        #expect(PhoneTimestamp.asciiNormalised(" 2026-07-02\t14:30:03.227 ") == "2026-07-02 14:30:03.227")
    }

    @Test func trimmingWhitespacesAgreesWithFoundation() {
        var random = SeededRandom(seed: 0x7E1A_2026)
        for _ in 0..<20_000 {
            let text = (0..<random.next(below: 6)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            #expect(text.trimmingWhitespaces == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            let slice = ("<" + text + ">").dropFirst().dropLast()
            #expect(slice.trimmingWhitespaces == slice.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
