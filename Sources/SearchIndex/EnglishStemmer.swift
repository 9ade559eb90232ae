/// The Snowball English ("Porter2") stemmer, as published at snowballstem.org (version 3 of the
/// algorithm: R1 exceptions `arsen commun emerg gener inter later organ past univers`, the
/// `-ying`/`-ing` exceptions of step 1b, `ogist`).
///
/// Search posts each English word's stem beside the word itself, and the client (`search.js`,
/// which carries a line-for-line port) looks a query word's stem up too, so "retinal detachments"
/// finds "Retinal Detachment". Both implementations are checked against the same vectors, generated
/// with the reference implementation (`Tests/SearchIndexTests/Fixtures/stemmer-vectors.json`).
public enum EnglishStemmer {
    /// The stem of a lower-case word of the letters a–z; any other word is returned as it is.
    public static func stem(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard bytes.count >= 3, bytes.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        if let exception = exceptions[word] { return exception }
        var stemmer = Run(bytes)
        stemmer.run()
        return String(decoding: stemmer.w, as: UTF8.self)
    }

    /// Whole words with a fixed stem.
    private static let exceptions: [String: String] = [
        "skis": "ski", "skies": "sky", "idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli",
        "only": "onli", "singly": "singl", "sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas",
        "cosmos": "cosmos", "bias": "bias", "andes": "andes",
    ]

    /// Prefixes after which R1 begins, whatever the letters.
    private static let regionPrefixes: [[UInt8]] = ["gener", "commun", "arsen", "emerg", "inter", "later", "organ", "past", "univers"]
        .map { Array($0.utf8) }

    /// One word being stemmed: its letters (`Y` marks a consonant y) and its regions R1 and R2.
    private struct Run {
        var w: [UInt8]
        var p1 = 0
        var p2 = 0

        init(_ w: [UInt8]) { self.w = w }

        static let y = UInt8(ascii: "y"), capitalY = UInt8(ascii: "Y")

        func isVowel(_ c: UInt8) -> Bool {
            switch c {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), Run.y: return true
            default: return false
            }
        }

        /// Whether the word ends with `suffix`, compared in place: making arrays of the suffix and the
        /// word's end for each of a step's suffixes was most of the time stemming took.
        func ends(_ suffix: String) -> Bool {
            let count = suffix.utf8.count
            return w.count >= count && w[(w.count - count)...].elementsEqual(suffix.utf8)
        }

        /// A vowel anywhere in `w[..<end]`.
        func hasVowel(before end: Int) -> Bool { w[..<max(0, end)].contains(where: isVowel) }

        /// The word up to `end` ends in a short syllable (or in `past`).
        func endsShort(at end: Int) -> Bool {
            if end >= 3 {
                let a = w[end - 3], b = w[end - 2], c = w[end - 1]
                if !isVowel(a) && isVowel(b) && !isVowel(c) && c != UInt8(ascii: "w") && c != UInt8(ascii: "x") && c != Run.capitalY {
                    return true
                }
            }
            if end == 2 && isVowel(w[0]) && !isVowel(w[1]) { return true }
            return end >= 4 && w[(end - 4)..<end].elementsEqual("past".utf8)
        }

        mutating func replace(suffixLength: Int, with replacement: String) {
            w.removeLast(suffixLength)
            w.append(contentsOf: replacement.utf8)
        }

        /// The longest of `suffixes`, which are listed longest first (``longestFirst(_:)``), the word ends with.
        func longest(of suffixes: [String]) -> String? {
            suffixes.first(where: ends)
        }

        /// `suffixes` longest first, so the first one a word ends with is the longest (two of the same
        /// length cannot both end it).
        static func longestFirst(_ suffixes: some Sequence<String>) -> [String] {
            suffixes.sorted { $0.utf8.count > $1.utf8.count || ($0.utf8.count == $1.utf8.count && $0 < $1) }
        }

        static let step1aSuffixes = longestFirst(["sses", "ied", "ies", "s", "us", "ss"])
        static let step1bSuffixes = longestFirst(["eed", "eedly", "ed", "edly", "ing", "ingly"])
        static let step2Suffixes = longestFirst(step2Rules.keys)
        static let step3Suffixes = longestFirst(step3Rules.keys)
        static let step4Suffixes = longestFirst(["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
                                                 "ism", "ate", "iti", "ous", "ive", "ize", "ion"])

        mutating func run() {
            prelude()
            markRegions()
            step1a()
            step1b()
            step1c()
            step2()
            step3()
            step4()
            step5()
            postlude()
        }

        mutating func prelude() {
            if w[0] == Run.y { w[0] = Run.capitalY }
            for i in 1..<w.count where w[i] == Run.y && isVowel(w[i - 1]) { w[i] = Run.capitalY }
        }

        mutating func markRegions() {
            p1 = w.count
            p2 = w.count
            var i = 0
            if let prefix = EnglishStemmer.regionPrefixes.first(where: { w.starts(with: $0) }) {
                i = prefix.count
            } else {
                guard let after = regionStart(from: 0) else { return }
                i = after
            }
            p1 = i
            p2 = regionStart(from: i) ?? w.count
        }

        /// The position after the first non-vowel that follows a vowel, from `start`.
        func regionStart(from start: Int) -> Int? {
            var i = start
            while i < w.count && !isVowel(w[i]) { i += 1 }
            while i < w.count && isVowel(w[i]) { i += 1 }
            return i < w.count ? i + 1 : nil
        }

        mutating func step1a() {
            guard let suffix = longest(of: Run.step1aSuffixes) else { return }
            switch suffix {
            case "sses": replace(suffixLength: 4, with: "ss")
            case "ied", "ies": replace(suffixLength: 3, with: w.count - 3 >= 2 ? "i" : "ie")
            case "s": if hasVowel(before: w.count - 2) { w.removeLast() }
            default: break
            }
        }

        mutating func step1b() {
            guard let suffix = longest(of: Run.step1bSuffixes) else { return }
            let start = w.count - suffix.utf8.count
            switch suffix {
            case "eed", "eedly":
                guard start >= p1 else { return }
                let before = String(decoding: w[..<start], as: UTF8.self)
                if before == "succ" || before == "proc" || before == "exc" { return }
                replace(suffixLength: suffix.utf8.count, with: "ee")
                return
            case "ing":
                let before = String(decoding: w[..<start], as: UTF8.self)
                if ["even", "cann", "inn", "earr", "herr", "out"].contains(before) { return }
                if start == 2 && w[1] == Run.y && !isVowel(w[0]) {
                    replace(suffixLength: 4, with: "ie")
                    return
                }
            default: break
            }
            guard hasVowel(before: start) else { return }
            w.removeLast(suffix.utf8.count)
            if ends("at") || ends("bl") || ends("iz") {
                w.append(UInt8(ascii: "e"))
            } else if let last = w.last, w.count >= 2, w[w.count - 2] == last,
                      "bdfgmnprt".utf8.contains(last) {
                if w.count == 3 && "aeo".utf8.contains(w[0]) { return }
                w.removeLast()
            } else if w.count == p1 && endsShort(at: w.count) {
                w.append(UInt8(ascii: "e"))
            }
        }

        mutating func step1c() {
            guard let last = w.last, last == Run.y || last == Run.capitalY, w.count >= 3, !isVowel(w[w.count - 2]) else { return }
            w[w.count - 1] = UInt8(ascii: "i")
        }

        static let step2Rules: [String: String] = [
            "tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent", "izer": "ize",
            "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate", "alism": "al", "aliti": "al",
            "alli": "al", "fulness": "ful", "ousli": "ous", "ousness": "ous", "iveness": "ive", "iviti": "ive",
            "biliti": "ble", "bli": "ble", "ogist": "og", "ogi": "og", "fulli": "ful", "lessli": "less", "li": "",
        ]

        mutating func step2() {
            guard let suffix = longest(of: Run.step2Suffixes) else { return }
            let start = w.count - suffix.utf8.count
            guard start >= p1 else { return }
            if suffix == "ogi" {
                guard start >= 1, w[start - 1] == UInt8(ascii: "l") else { return }
            }
            if suffix == "li" {
                guard start >= 1, "cdeghkmnrt".utf8.contains(w[start - 1]) else { return }
            }
            replace(suffixLength: suffix.utf8.count, with: Run.step2Rules[suffix] ?? "")
        }

        static let step3Rules: [String: String] = [
            "tional": "tion", "ational": "ate", "alize": "al", "icate": "ic", "iciti": "ic", "ical": "ic",
            "ful": "", "ness": "", "ative": "",
        ]

        mutating func step3() {
            guard let suffix = longest(of: Run.step3Suffixes) else { return }
            let start = w.count - suffix.utf8.count
            guard start >= p1 else { return }
            if suffix == "ative" && start < p2 { return }
            replace(suffixLength: suffix.utf8.count, with: Run.step3Rules[suffix] ?? "")
        }

        mutating func step4() {
            guard let suffix = longest(of: Run.step4Suffixes) else { return }
            let start = w.count - suffix.utf8.count
            guard start >= p2 else { return }
            if suffix == "ion" {
                guard start >= 1, w[start - 1] == UInt8(ascii: "s") || w[start - 1] == UInt8(ascii: "t") else { return }
            }
            w.removeLast(suffix.utf8.count)
        }

        mutating func step5() {
            guard let last = w.last else { return }
            let start = w.count - 1
            if last == UInt8(ascii: "e") {
                if start >= p2 || (start >= p1 && !endsShort(at: start)) { w.removeLast() }
            } else if last == UInt8(ascii: "l") {
                if start >= p2 && start >= 1 && w[start - 1] == UInt8(ascii: "l") { w.removeLast() }
            }
        }

        mutating func postlude() {
            for i in w.indices where w[i] == Run.capitalY { w[i] = Run.y }
        }
    }
}
