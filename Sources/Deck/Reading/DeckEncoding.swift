import Dispatch

/// The text encodings a deck export may use.
public enum DeckEncoding: String, Sendable, Equatable, CaseIterable, Codable {
    /// UTF-8, with or without a byte-order mark.
    case utf8 = "utf-8"
    /// UTF-16 little-endian (Excel "Unicode Text").
    case utf16LE = "utf-16le"
    /// UTF-16 big-endian.
    case utf16BE = "utf-16be"
    /// Mac OS Roman (Excel for Mac "Tab delimited Text").
    case macRoman = "macroman"
    /// Windows-1252 (Excel for Windows "Text (Tab delimited)").
    case windows1252 = "windows-1252"

    /// Parses a user-facing name such as `utf16le`, `UTF-16LE`, `mac`, `cp1252`.
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "utf8": self = .utf8
        case "utf16le", "utf16", "unicode": self = .utf16LE
        case "utf16be": self = .utf16BE
        case "macroman", "mac", "macintosh", "macosroman": self = .macRoman
        case "windows1252", "cp1252", "win1252", "latin1", "iso88591": self = .windows1252
        default: return nil
        }
    }
}

/// Decodes deck bytes: by byte-order mark, then UTF-8 validity, then a legacy guess.
public enum DeckDecoder {
    /// The decoded text and the encoding that was used.
    public struct Decoded: Sendable, Equatable {
        /// The text, without any byte-order mark.
        public var text: String
        /// The encoding detected or forced.
        public var encoding: DeckEncoding
        /// Where the text starts in the file: the length of the byte-order mark left out, else 0.
        public var textStart = 0
    }

    /// Decodes `bytes`, detecting the encoding unless `forced` is given.
    ///
    /// Detection never produces mojibake silently: UTF-16 without a BOM is recognised by its zero
    /// bytes, UTF-8 is taken only when it validates, and the legacy guess between Mac OS Roman and
    /// Windows-1252 scores the punctuation bytes each code page uses for quotes and dashes.
    public static func decode(_ bytes: [UInt8], forced: DeckEncoding? = nil) -> Decoded {
        if let forced {
            let text = stripBOM(bytes, for: forced)
            return Decoded(text: decode(text, as: forced), encoding: forced, textStart: text.startIndex)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return Decoded(text: decode(bytes.dropFirst(2), as: .utf16LE), encoding: .utf16LE, textStart: 2)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return Decoded(text: decode(bytes.dropFirst(2), as: .utf16BE), encoding: .utf16BE, textStart: 2)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Decoded(text: decode(bytes.dropFirst(3), as: .utf8), encoding: .utf8, textStart: 3)
        }
        if let utf16 = guessUTF16WithoutBOM(bytes) {
            return Decoded(text: decode(bytes[...], as: utf16), encoding: utf16)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return Decoded(text: text, encoding: .utf8)
        }
        let legacy = guessLegacy(bytes)
        return Decoded(text: decode(bytes[...], as: legacy), encoding: legacy)
    }

    static func stripBOM(_ bytes: [UInt8], for encoding: DeckEncoding) -> ArraySlice<UInt8> {
        switch encoding {
        case .utf8 where bytes.starts(with: [0xEF, 0xBB, 0xBF]): return bytes.dropFirst(3)
        case .utf16LE where bytes.starts(with: [0xFF, 0xFE]): return bytes.dropFirst(2)
        case .utf16BE where bytes.starts(with: [0xFE, 0xFF]): return bytes.dropFirst(2)
        default: return bytes[...]
        }
    }

    static func decode(_ bytes: ArraySlice<UInt8>, as encoding: DeckEncoding) -> String {
        switch encoding {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .utf16LE, .utf16BE:
            return utf16ToString(bytes, littleEndian: encoding == .utf16LE)
        case .macRoman, .windows1252:
            return decodeCodePage(bytes, utf8: encoding == .macRoman ? macRomanUTF8 : windows1252UTF8)
        }
    }

    /// The UTF-8 of each of a code page's bytes 0x80…0xFF: the character `table` gives, U+FFFD for a
    /// value that is not a scalar.
    static func utf8Forms(of table: [UInt16]) -> [[UInt8]] {
        table.map { Array(String(Unicode.Scalar($0) ?? "\u{FFFD}").utf8) }
    }

    private static let macRomanUTF8 = utf8Forms(of: LegacyCodePages.macRoman)
    private static let windows1252UTF8 = utf8Forms(of: LegacyCodePages.windows1252)

    /// Decodes 8-bit text whose bytes 0x80…0xFF have the UTF-8 forms `utf8` (``utf8Forms(of:)``), writing
    /// straight into the string: appending each character to a `String.UnicodeScalarView` was a tenth of
    /// an edit build of the real deck (Mac OS Roman).
    static func decodeCodePage(_ bytes: ArraySlice<UInt8>, utf8 forms: [[UInt8]]) -> String {
        var length = 0
        for byte in bytes { length += byte < 0x80 ? 1 : forms[Int(byte) - 0x80].count }
        return String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            for byte in bytes {
                if byte < 0x80 {
                    out[at] = byte
                    at += 1
                } else {
                    for unit in forms[Int(byte) - 0x80] {
                        out[at] = unit
                        at += 1
                    }
                }
            }
            return at
        }
    }

    /// Transcodes UTF-16 bytes to a string; lone surrogates become U+FFFD.
    /// Hand-written because the standard library's generic transcoding is slow on large decks.
    ///
    /// A large export (over `splittingAbove` bytes) is transcoded in two halves on two cores. The
    /// second half never starts on a low surrogate, so no pair is cut, and a high surrogate ending the
    /// first half is unpaired in both ways of decoding: the text is the one-pass text.
    static func utf16ToString(_ bytes: ArraySlice<UInt8>, littleEndian: Bool, splittingAbove: Int = 1 << 20) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let units = buffer.count / 2
            guard buffer.count > splittingAbove, units >= 2 else { return utf16ToString(buffer, littleEndian: littleEndian) }
            var split = units / 2
            let at = littleEndian ? UInt16(buffer[2 * split]) | UInt16(buffer[2 * split + 1]) << 8
                                  : UInt16(buffer[2 * split]) << 8 | UInt16(buffer[2 * split + 1])
            if (0xDC00...0xDFFF).contains(at) { split += 1 }
            let middle = 2 * split
            nonisolated(unsafe) let buffer = buffer
            var halves = ["", ""]
            halves.withUnsafeMutableBufferPointer { slots in
                nonisolated(unsafe) let slots = slots
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    let range = half == 0 ? 0..<middle : middle..<buffer.count
                    slots[half] = utf16ToString(UnsafeBufferPointer(rebasing: buffer[range]), littleEndian: littleEndian)
                }
            }
            var text = halves[0]
            halves[0] = ""
            text.append(halves[1])
            return text
        }
    }

    /// Writes straight into the string's storage: at 100,000 cards a separate UTF-8 buffer and its
    /// copy into a `String` would hold the deck text a third time at the reading peak.
    private static func utf16ToString(_ bytes: UnsafeBufferPointer<UInt8>, littleEndian: Bool) -> String {
        // At most three UTF-8 bytes per UTF-16 unit (a surrogate pair's four bytes come from two units).
        String(unsafeUninitializedCapacity: max(3 * (bytes.count / 2), 1)) { out in
            transcode(bytes, littleEndian: littleEndian, into: out, at: 0, isLast: true).written
        }
    }

    /// Transcodes the whole UTF-16 units of `bytes` into `out` from `written` on; lone surrogates become
    /// U+FFFD. Unless `isLast`, a high surrogate ending `bytes` is left for the next call (its pair may
    /// follow), as is an odd last byte. Returns where writing ended and how many bytes were used.
    static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, littleEndian: Bool, into out: UnsafeMutableBufferPointer<UInt8>,
                          at written: Int, isLast: Bool) -> (written: Int, consumed: Int) {
        let count = bytes.count / 2
        @inline(__always) func unit(_ index: Int) -> UInt32 {
            let a = UInt32(bytes[2 * index]), b = UInt32(bytes[2 * index + 1])
            return littleEndian ? (a | b << 8) : (a << 8 | b)
        }
        var written = written
        @inline(__always) func put(_ byte: UInt32) { out[written] = UInt8(truncatingIfNeeded: byte); written += 1 }
        var index = 0
        // Four ASCII units at a time (a deck is mostly ASCII): their high bytes are zero and their
        // low bytes below 0x80. Loaded as a little-endian word: LE units are `lo hi`, BE `hi lo`.
        let asciiMask: UInt64 = littleEndian ? 0xFF80_FF80_FF80_FF80 : 0x80FF_80FF_80FF_80FF
        let shift: UInt64 = littleEndian ? 0 : 8
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while index < count {
            if index + 4 <= count, let raw {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self))
                if word & asciiMask == 0, written + 4 <= out.count {
                    // The four low bytes gathered into one 32-bit store.
                    var bytes = word >> shift & 0x00FF_00FF_00FF_00FF
                    bytes = (bytes | bytes >> 8) & 0x0000_FFFF_0000_FFFF
                    bytes = (bytes | bytes >> 16) & 0xFFFF_FFFF
                    UnsafeMutableRawPointer(out.baseAddress! + written).storeBytes(of: UInt32(bytes).littleEndian, as: UInt32.self)
                    written += 4
                    index += 4
                    continue
                }
            }
            var scalar = unit(index)
            if scalar >= 0xD800 && scalar <= 0xDBFF && index + 1 == count && !isLast { break }
            index += 1
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                if index < count, case let low = unit(index), low >= 0xDC00 && low <= 0xDFFF {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 1
                } else {
                    scalar = 0xFFFD
                }
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                scalar = 0xFFFD
            }
            switch scalar {
            case 0..<0x80: put(scalar)
            case 0x80..<0x800:
                put(0xC0 | scalar >> 6); put(0x80 | scalar & 0x3F)
            case 0x800..<0x10000:
                put(0xE0 | scalar >> 12); put(0x80 | scalar >> 6 & 0x3F); put(0x80 | scalar & 0x3F)
            default:
                put(0xF0 | scalar >> 18); put(0x80 | scalar >> 12 & 0x3F)
                put(0x80 | scalar >> 6 & 0x3F); put(0x80 | scalar & 0x3F)
            }
        }
        return (written, 2 * index)
    }

    /// UTF-16 text of mostly Latin script has a zero in every other byte.
    static func guessUTF16WithoutBOM(_ bytes: [UInt8]) -> DeckEncoding? {
        let sample = bytes.prefix(4096)
        guard sample.count >= 4 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for (offset, byte) in sample.enumerated() where byte == 0 {
            if offset % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let half = sample.count / 2
        if oddZeros > half * 6 / 10 && evenZeros < half / 10 { return .utf16LE }
        if evenZeros > half * 6 / 10 && oddZeros < half / 10 { return .utf16BE }
        return nil
    }

    /// Scores which code page makes the high bytes look like ordinary punctuation and letters.
    static func guessLegacy(_ bytes: [UInt8]) -> DeckEncoding {
        legacyGuess(legacyScores(bytes))
    }

    /// The code page with the better score.
    static func legacyGuess(_ scores: LegacyScores) -> DeckEncoding {
        scores.mac > scores.windows ? .macRoman : .windows1252
    }

    /// How much the high bytes of `bytes` look like Mac OS Roman and like Windows-1252 (scores add up
    /// over the parts of a file).
    static func legacyScores(_ bytes: some Sequence<UInt8>) -> LegacyScores {
        var mac = 0, windows = 0
        for byte in bytes where byte >= 0x80 {
            switch byte {
            case 0xD0...0xD5: mac += 3          // – — “ ” ‘ ’ in Mac OS Roman
            case 0x80...0x9F:
                mac += 1                         // accented lower-case letters in Mac OS Roman
                if [0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x85, 0x95].contains(byte) { windows += 3 }
                if [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(byte) { windows -= 10 } // undefined in 1252
            case 0xC0...0xFF: windows += 1      // accented letters in Windows-1252
            default: break
            }
        }
        return LegacyScores(mac: mac, windows: windows)
    }

    /// The legacy code pages' scores of some bytes (``legacyScores(_:)``).
    struct LegacyScores: Equatable, Sendable {
        var mac = 0
        var windows = 0
        static func + (lhs: Self, rhs: Self) -> Self { Self(mac: lhs.mac + rhs.mac, windows: lhs.windows + rhs.windows) }
    }
}
