import MarkupText
/// Normalisation and tokenisation shared by the index and (mirrored exactly) by `search.js`.
///
/// A word is a run of letters, numbers and combining marks; each emoji is a word of its own; each
/// Han, Hiragana or Katakana character is a word of its own (those scripts use no spaces).
/// Normalising lower-cases, decomposes (NFD), drops non-spacing and enclosing marks (diacritics),
/// folds final sigma to σ and recomposes (NFC), so `Bľéphàritis` and `blepharitis` meet.
public enum SearchText {
    /// Words longer than this many UTF-16 code units are not indexed (hashes, URLs, noise).
    public static let maximumTermLength = 48

    /// The normalised form of `text`.
    public static func normalize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default: scalars.append(scalar == "ς" ? "σ" : scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The normalised terms of `text` in order, with repeats.
    public static func terms(in text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    /// Calls `body` with each normalised term of `text` in order, with repeats (what ``terms(in:)``
    /// returns, without building the array).
    static func forEachTerm(in text: String, _ body: (String) -> Void) {
        forEachTermBytes(in: text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// Calls `body` with the UTF-8 bytes of each normalised term of `text` in order, with repeats: the
    /// index builder looks most words up by their bytes, without making a string.
    ///
    /// Text is read as UTF-8 bytes: an ASCII word is passed as it stands in the text, or lower-cased into a
    /// scratch buffer when it has a capital. A non-ASCII scalar that is neither part of a word nor an
    /// emoji (`→`, `–`, `·` …) separates words like a space; at any other, the rest of the text from
    /// the start of the word holding it goes through the general path (``forEachUnicodeTerm(in:_:)``),
    /// which gives ASCII words the same terms.
    static func forEachTermBytes(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let handled = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumTermLength) { scratch in
                var index = 0, wordStart = 0, hasCapital = false
                let count = bytes.count
                func endWord(at end: Int) {
                    let length = end - wordStart
                    guard length > 0 && length <= maximumTermLength else { return }
                    if !hasCapital { return body(UnsafeBufferPointer(rebasing: bytes[wordStart..<end])) }
                    for offset in 0..<length {
                        let byte = bytes[wordStart + offset]
                        scratch[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                    }
                    body(UnsafeBufferPointer(rebasing: scratch[..<length]))
                }
                while index < count {
                    let byte = bytes[index]
                    switch byte {
                    case 0x30...0x39, 0x61...0x7A:
                        index += 1
                    case 0x41...0x5A:
                        hasCapital = true
                        index += 1
                    case 0x80...:
                        let scalar = text.unicodeScalars[text.utf8.index(text.utf8.startIndex, offsetBy: index)]
                        if isWordScalar(scalar) || isEmojiWord(scalar) {
                            let start = text.utf8.index(text.utf8.startIndex, offsetBy: wordStart)
                            forEachUnicodeTerm(in: text.unicodeScalars[start...]) { term in
                                var term = term
                                term.withUTF8(body)
                            }
                            return true
                        }
                        endWord(at: index)
                        index += UTF8.width(scalar)
                        wordStart = index
                        hasCapital = false
                    default:
                        endWord(at: index)
                        index += 1
                        wordStart = index
                        hasCapital = false
                    }
                }
                endWord(at: count)
                return true
            }
        }
        if handled == nil { forEachUnicodeTerm(in: text[...].unicodeScalars) { term in var term = term; term.withUTF8(body) } }
    }

    /// The general path of ``forEachTerm(in:_:)``, scalar by scalar. ASCII words (most words, even in
    /// text with some non-ASCII) are collected as lower-cased bytes; a word switches to the full
    /// Unicode path at its first non-ASCII letter.
    static func forEachUnicodeTerm(in scalars: Substring.UnicodeScalarView, _ body: (String) -> Void) {
        var ascii: [UInt8] = []
        var wide = String.UnicodeScalarView()
        var isWide = false
        func flush() {
            if isWide {
                split(normalize(String(wide)), body)
                wide.removeAll(keepingCapacity: true)
                isWide = false
            } else if !ascii.isEmpty {
                if ascii.count <= maximumTermLength { body(String(decoding: ascii, as: UTF8.self)) }
            }
            ascii.removeAll(keepingCapacity: true)
        }
        for scalar in scalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                switch byte {
                case 0x30...0x39, 0x61...0x7A: if isWide { wide.append(scalar) } else { ascii.append(byte) }
                case 0x41...0x5A: if isWide { wide.append(scalar) } else { ascii.append(byte + 0x20) }
                default: flush()
                }
            } else if isWordScalar(scalar) {
                if !isWide {
                    isWide = true
                    wide.removeAll(keepingCapacity: true)
                    for byte in ascii { wide.append(Unicode.Scalar(byte)) }
                }
                wide.append(scalar)
            } else {
                flush()
                if isEmojiWord(scalar) { body(String(scalar)) }
            }
        }
        flush()
    }

    /// Splits a normalised word into terms: CJK characters one by one, other runs whole.
    private static func split(_ word: String, _ body: (String) -> Void) {
        var run = String.UnicodeScalarView()
        func emit(_ term: String) {
            if !term.isEmpty && term.utf16.count <= maximumTermLength { body(term) }
        }
        for scalar in word.unicodeScalars {
            if isCJK(scalar) {
                emit(String(run))
                run.removeAll(keepingCapacity: true)
                emit(String(scalar))
            } else if isWordScalar(scalar) {
                run.append(scalar)
            }
        }
        emit(String(run))
    }

    /// The extra index term that carries `term`'s English stem (`~` + stem), or `nil` when the stem is the
    /// term itself or the term is not an English word (a–z only, 3 letters or more). The client looks a
    /// query word's stem up under the same key, so word forms meet ("detachments" ~ "detachment").
    public static func stemKey(_ term: String) -> String? {
        let stem = EnglishStemmer.stem(term)
        return stem == term ? nil : "~" + stem
    }

    /// Letters, numbers and marks (`[\p{L}\p{N}\p{M}]` in the client).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// An emoji that is a word on its own: non-ASCII, `Emoji`, not a skin-tone modifier.
    static func isEmojiWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji && !scalar.properties.isEmojiModifier
    }

    /// Han, Hiragana, Katakana (and half-width Katakana): indexed one character at a time.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFF66...0xFF9F, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }

    /// Orders terms by UTF-16 code units, as JavaScript compares strings (binary search in the client).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        TextOrder.utf16Precedes(a, b)
    }
}
