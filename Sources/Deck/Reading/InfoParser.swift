/// Parses the markup authors type into header and info cells.
///
/// Only `<u>`, `<i>` and `<b>` (and their closing tags, any case) are markup; every other `<`, `>`
/// or `&` is literal text. A tag left open at the end of a line carries on to the next line of the
/// same cell; a stray closing tag is dropped. `-->` becomes `→`.
public enum InfoParser {
    /// Parses an info cell into blocks.
    public static func blocks(from cell: String) -> [InfoBlock] { blocks(from: cell[...]) }

    /// Parses an info cell (a slice of the deck's text) into blocks.
    ///
    /// A line is read on bytes (``lineOnBytes(_:_:)``) when its kind and text can be decided there, and
    /// by ``addBlock(of:style:to:)``'s character-wise rules otherwise; both give the same blocks.
    static func blocks(from cell: Substring) -> [InfoBlock] {
        var style: TextStyle = []
        var blocks: [InfoBlock] = []
        let read: Void? = cell.utf8.withContiguousStorageIfAvailable { bytes in
            forEachLine(in: bytes) { line in
                switch lineOnBytes(bytes, line) {
                case .blank: break
                case .line(let kind, let text): add(kind, inline(bytes, text, of: cell, style: &style), to: &blocks)
                case nil: addBlock(of: slice(of: cell, line), style: &style, to: &blocks)
                }
            }
        }
        if read == nil {
            for line in lines(of: cell) { addBlock(of: line, style: &style, to: &blocks) }
        }
        return blocks
    }

    /// Adds the block for `rawLine` (if any), by the character-wise rules.
    static func addBlock(of rawLine: Substring, style: inout TextStyle, to blocks: inout [InfoBlock]) {
        let trimmed = rawLine.trimmingSpaces
        guard !trimmed.isEmpty else { return }
        let (kind, rest) = classify(trimmed)
        add(kind, inline(rest, style: &style), to: &blocks)
    }

    /// Adds a line of `kind` with text `rich`: a list item with no text, or an empty text line, adds nothing.
    private static func add(_ kind: LineKind, _ rich: RichLine, to blocks: inout [InfoBlock]) {
        if rich.isEmpty && kind.isList { return }
        switch kind {
        case .bullet(let level): blocks.append(.bullet(level: level, rich))
        case .numbered(let number): blocks.append(.numbered(number: number, rich))
        case .mnemonic: blocks.append(.mnemonic(rich))
        case .text: if !rich.isEmpty { blocks.append(.text(rich)) }
        }
    }

    /// Calls `body` with the byte range of each line of `bytes` (split at LF, CR and CRLF), as
    /// ``lines(of:)`` splits.
    private static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0, index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                body(start..<index)
                index += byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        body(start..<count)
    }

    /// A line as read on bytes: blank, or its kind and the byte range of its text.
    enum ByteLine: Equatable {
        case blank
        case line(LineKind, Range<Int>)
    }

    /// What ``addBlock(of:style:to:)`` decides for the line at `range` of `bytes` — its kind and the
    /// range of the text ``classify(_:)`` returns — on bytes, or `nil` when only the character-wise rules
    /// may decide. Bytes decide when every trimmed end is an ASCII byte (there each space is a character
    /// of its own, as in `trimmingSpaces`) and, for a line that may start with a marker, its first eight
    /// bytes are ASCII (as in ``classifyASCIIStart(_:)``). Most lines are read here without making a
    /// string for the whole line, for the trimmed line and for the text after the marker.
    static func lineOnBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ByteLine? {
        func trimmed(_ start: Int, _ end: Int) -> Range<Int>?? { asciiTrimmed(bytes, start, end) }
        guard let found = trimmed(range.lowerBound, range.upperBound) else { return nil }
        guard let line = found else { return .blank }
        let start = line.lowerBound, end = line.upperBound
        // The text after a marker of `length` bytes, trimmed; its end is the line's (ASCII, no space).
        func rest(_ kind: LineKind, after length: Int) -> ByteLine? {
            guard let text = trimmed(start + length, end) else { return nil }
            return .line(kind, text ?? end..<end)
        }
        let first = bytes[start]
        guard markerFirstBytes.contains(first) else { return .line(.text, line) }
        if first == UInt8(ascii: "-"), start + 1 < end, bytes[start + 1] == UInt8(ascii: " ") { return rest(.bullet(1), after: 1) }
        guard !bytes[start..<min(start + 8, end)].contains(where: { $0 >= 0x80 }) else { return nil }
        guard let (kind, length) = asciiMarker(bytes, from: start, to: end) else { return nil }
        return length == 0 ? .line(kind, line) : rest(kind, after: length)
    }

    /// The marker at the start of the line `bytes[start..<end]`, whose first eight bytes are ASCII (so
    /// each is a character of its own): its kind and length in bytes, 0 for a line that is text as it
    /// is; `nil` when a run of `#` ends in a non-ASCII byte (a combining mark could join the last `#`).
    /// The rules ``classifyMarker(_:)`` gives, in its order.
    static func asciiMarker(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (kind: LineKind, length: Int)? {
        @inline(__always) func at(_ offset: Int) -> UInt8? { start + offset < end ? bytes[start + offset] : nil }
        @inline(__always) func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        guard let first = at(0) else { return (.text, 0) }
        let second = at(1), third = at(2)
        switch first {
        case UInt8(ascii: "-"):
            if second == UInt8(ascii: "-"), third == UInt8(ascii: ">") { return (.text, 0) }
            return isDigit(second) ? (.text, 0) : (.bullet(1), 1)
        case UInt8(ascii: "'"), UInt8(ascii: "`"):
            return second == UInt8(ascii: "-") ? (.bullet(1), 2) : (.text, 0)
        case UInt8(ascii: "#"):
            guard second == UInt8(ascii: "#") else { return second == UInt8(ascii: " ") ? (.text, 2) : (.text, 0) }
            var count = 2
            while at(count) == UInt8(ascii: "#") { count += 1 }
            if let next = at(count), next >= 0x80 { return nil }
            return (.bullet(2), count)
        case UInt8(ascii: "*"):
            return second == UInt8(ascii: " ") ? (.mnemonic, 2) : (.text, 0)
        default:
            // `1. text`, `1) text` or `(1) text`: at most three digits, then a space, a tab or the end.
            let parenthesised = first == UInt8(ascii: "(")
            var digitsEnd = parenthesised ? 1 : 0
            while isDigit(at(digitsEnd)) && digitsEnd < 5 { digitsEnd += 1 }
            let digits = digitsEnd - (parenthesised ? 1 : 0)
            guard digits >= 1 && digits <= 3,
                  parenthesised ? at(digitsEnd) == UInt8(ascii: ")") : (at(digitsEnd) == UInt8(ascii: ".") || at(digitsEnd) == UInt8(ascii: ")")),
                  at(digitsEnd + 1) == nil || at(digitsEnd + 1) == UInt8(ascii: " ") || at(digitsEnd + 1) == UInt8(ascii: "\t")
            else { return (.text, 0) }
            var number = 0
            for offset in (parenthesised ? 1 : 0)..<digitsEnd { number = number * 10 + Int(bytes[start + offset] - 0x30) }
            return (.numbered(number), digitsEnd + 1)
        }
    }

    /// Parses a header cell: each line loses its leading `#` marks.
    public static func headerLines(from cell: String) -> [RichLine] { headerLines(from: cell[...]) }

    /// Parses a header cell (a slice of the deck's text).
    ///
    /// A line is read on bytes (``headerTextOnBytes(_:_:)``) when that decides it, by
    /// ``addHeaderLine(of:style:to:)``'s character-wise rules otherwise; both give the same lines.
    static func headerLines(from cell: Substring) -> [RichLine] {
        var style: TextStyle = []
        var result: [RichLine] = []
        let read: Void? = cell.utf8.withContiguousStorageIfAvailable { bytes in
            forEachLine(in: bytes) { line in
                switch headerTextOnBytes(bytes, line) {
                case .blank: break
                case .line(_, let text): addHeader(inline(bytes, text, of: cell, style: &style), to: &result)
                case nil: addHeaderLine(of: slice(of: cell, line), style: &style, to: &result)
                }
            }
        }
        if read == nil {
            for line in lines(of: cell) { addHeaderLine(of: line, style: &style, to: &result) }
        }
        return result
    }

    /// Adds the header line `rawLine` (if it has text), by the character-wise rules.
    static func addHeaderLine(of rawLine: Substring, style: inout TextStyle, to lines: inout [RichLine]) {
        var line = Substring(rawLine.trimmingSpaces)
        while line.first == "#" { line = line.dropFirst() }
        let text = String(line).trimmingSpaces
        guard !text.isEmpty else { return }
        addHeader(inline(text, style: &style), to: &lines)
    }

    private static func addHeader(_ rich: RichLine, to lines: inout [RichLine]) {
        if !rich.isEmpty { lines.append(rich) }
    }

    /// What ``addHeaderLine(of:style:to:)`` makes of the line at `range` of `bytes` — blank, or the range
    /// of its text after the leading `#` marks (kind `.text`) — on bytes, or `nil` when only the
    /// character-wise rules may decide: when an end of the line or of its text is not ASCII (so a `#`
    /// that a combining mark joins is never taken for a mark).
    static func headerTextOnBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ByteLine? {
        guard let found = asciiTrimmed(bytes, range.lowerBound, range.upperBound) else { return nil }
        guard let line = found else { return .blank }
        var start = line.lowerBound
        while start < line.upperBound, bytes[start] == UInt8(ascii: "#") { start += 1 }
        guard let text = asciiTrimmed(bytes, start, line.upperBound) else { return nil }
        return text.map { .line(.text, $0) } ?? .blank
    }

    /// ``inline(_:style:)`` of the text at `range` of `bytes` (the part of `cell` at those offsets), a
    /// range ``asciiTrimmed(_:_:_:)`` gave: without making a string of a line that has a tag or arrow.
    private static func inline(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, of cell: Substring,
                               style: inout TextStyle) -> RichLine {
        guard !range.isEmpty else { return RichLine([]) }
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        if !text.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            return RichLine([TextRun(String(slice(of: cell, range)), style: style)])
        }
        return scanInline(text, style: &style)
    }

    /// The part of `cell` at the byte offsets `range` (offsets at line breaks and ASCII bytes are valid
    /// indices of it).
    private static func slice(of cell: Substring, _ range: Range<Int>) -> Substring {
        let utf8 = cell.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return cell[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// `start..<end` without the spaces and tabs at its ends: `.some(nil)` when nothing is left, `nil`
    /// when an end is then not an ASCII byte (there a space may be part of another character).
    private static func asciiTrimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>?? {
        var start = start, end = end
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard start < end else { return .some(nil) }
        return bytes[start] < 0x80 && bytes[end - 1] < 0x80 ? .some(start..<end) : nil
    }

    enum LineKind: Equatable {
        case bullet(Int), numbered(Int), mnemonic, text
        var isList: Bool { if case .text = self { return false } else { return true } }
    }

    static func lines(of cell: String) -> [Substring] { lines(of: cell[...]) }

    static func lines(of cell: Substring) -> [Substring] {
        // Split on UTF-8 bytes (line breaks are ASCII), on the contiguous bytes where the text has them:
        // far faster than Character iteration or stepping `UTF8View` indices.
        // A line break is a whole scalar, so every byte offset cut at is a valid index of `cell`.
        let utf8 = cell.utf8
        let lines = utf8.withContiguousStorageIfAvailable { bytes -> [Substring] in
            func line(_ start: Int, _ end: Int) -> Substring {
                cell[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
            }
            var lines: [Substring] = []
            var start = 0, index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    lines.append(line(start, index))
                    index += byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
                    start = index
                } else {
                    index += 1
                }
            }
            lines.append(line(start, count))
            return lines
        }
        return lines ?? slowLines(of: cell)
    }

    /// ``lines(of:)`` for text without contiguous UTF-8 (bridged or foreign strings).
    private static func slowLines(of cell: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = cell.startIndex
        let utf8 = cell.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                result.append(cell[start..<index])
                var next = utf8.index(after: index)
                if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                start = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        result.append(cell[start..<cell.endIndex])
        return result
    }

    /// Decides what a trimmed line is and returns the text after its marker.
    static func classify(_ line: String) -> (LineKind, String) {
        // Most lines start with a letter: no marker can match (no character canonically decomposes to
        // one starting with a marker's first character), so skip the Unicode-aware prefix tests.
        guard let first = line.utf8.first, markerFirstBytes.contains(first) else { return (.text, line) }
        // The usual bullet, "- text": the dash is a character of its own (an ASCII space follows it).
        if first == UInt8(ascii: "-"), line.utf8.dropFirst().first == UInt8(ascii: " ") {
            return (.bullet(1), String(line.utf8.dropFirst())!.trimmingSpaces)
        }
        return classifyASCIIStart(line) ?? classifyMarker(line)
    }

    /// ``classifyMarker(_:)`` on bytes, for a line whose first eight bytes are ASCII, or are ASCII
    /// after a leading `‘`, `’`, `•` or `–` (`nil` for any other line). Every marker and what decides
    /// it lies in those bytes, and there each ASCII byte is a character of its own: an ASCII scalar is
    /// never a combining mark, so no marker's last character can be extended by the next one. The
    /// Unicode-aware prefix tests cost a quarter of parsing a deck.
    static func classifyASCIIStart(_ line: String) -> (LineKind, String)? {
        let utf8 = line.utf8
        let decided = utf8.withContiguousStorageIfAvailable { bytes -> (LineKind, String)? in
            // `‘` E2 80 98, `’` E2 80 99, `•` E2 80 A2, `–` E2 80 93.
            let mark: UInt8? = bytes.count >= 3 && bytes[0] == 0xE2 && bytes[1] == 0x80 && [0x98, 0x99, 0xA2, 0x93].contains(bytes[2])
                ? bytes[2] : nil
            let start = mark == nil ? 0 : 3
            guard !bytes[start..<min(start + 8, bytes.count)].contains(where: { $0 >= 0x80 }) else { return nil }
            @inline(__always) func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
            @inline(__always) func rest(after count: Int) -> String { String(utf8.dropFirst(count))!.trimmingSpaces }
            @inline(__always) func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
            switch mark {
            case 0x98, 0x99:  // `‘-`, `’-`
                return at(3) == UInt8(ascii: "-") ? (.bullet(1), rest(after: 4)) : (.text, line)
            case 0xA2:  // `•`, unless a number follows
                return isDigit(at(3)) ? (.text, line) : (.bullet(1), rest(after: 3))
            case 0x93:  // `– `
                return at(3) == UInt8(ascii: " ") ? (.bullet(1), rest(after: 3)) : (.text, line)
            default:
                break
            }
            guard let (kind, length) = asciiMarker(bytes, from: 0, to: bytes.count) else { return nil }
            return length == 0 ? (kind, line) : (kind, rest(after: length))
        }
        return decided ?? nil
    }

    /// ``classify(_:)`` without the first-byte shortcut.
    static func classifyMarker(_ line: String) -> (LineKind, String) {
        if line.hasPrefix("-->") { return (.text, line) }
        for prefix in ["\u{2018}-", "'-", "\u{2019}-", "`-"] where line.hasPrefix(prefix) {
            return (.bullet(1), String(line.dropFirst(prefix.count)).trimmingSpaces)
        }
        if line.hasPrefix("##") {
            return (.bullet(2), String(line.drop { $0 == "#" }).trimmingSpaces)
        }
        if line.hasPrefix("-") || line.hasPrefix("\u{2022}") || line.hasPrefix("\u{2013} ") {
            let rest = line.dropFirst()
            if let next = rest.first, next.isNumber { return (.text, line) } // "-6 D" is a number, not a bullet
            return (.bullet(1), String(rest).trimmingSpaces)
        }
        if line.hasPrefix("* ") { return (.mnemonic, String(line.dropFirst(2)).trimmingSpaces) }
        if let (number, rest) = numberedItem(line) { return (.numbered(number), rest) }
        if line.hasPrefix("# ") { return (.text, String(line.dropFirst(2)).trimmingSpaces) }
        return (.text, line)
    }

    /// The first UTF-8 byte of every line marker: `-`, `'`, `` ` ``, `#`, `*`, `(`, the digits, and
    /// 0xE2 (`‘`, `’`, `•`, `–`).
    private static let markerFirstBytes: Set<UInt8> = Set(Array("-'`#*(0123456789".utf8) + [0xE2])

    /// `1. text`, `1) text` or `(1) text`.
    static func numberedItem(_ line: String) -> (Int, String)? {
        var scalars = Substring(line)
        let parenthesised = scalars.first == "("
        if parenthesised { scalars = scalars.dropFirst() }
        let digits = scalars.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return nil }
        var rest = scalars.dropFirst(digits.count)
        if parenthesised {
            guard rest.first == ")" else { return nil }
        } else {
            guard rest.first == "." || rest.first == ")" else { return nil }
        }
        rest = rest.dropFirst()
        // "1.5 mm" is a number, not an item: require a space (or end) after the marker.
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return (number, String(rest).trimmingSpaces)
    }

    /// Splits a line into styled runs, carrying `style` across lines.
    ///
    /// Works on UTF-8 bytes: tags and arrows are ASCII, and byte scanning is much faster than
    /// walking grapheme clusters on large decks.
    static func inline(_ text: String, style: inout TextStyle) -> RichLine {
        // Most lines have no tag and no arrow (both need `<` or `>`) and no space at either end: the
        // line is one run in the current style.
        if let first = text.utf8.first, let last = text.utf8.last, first != UInt8(ascii: " "), last != UInt8(ascii: " "),
           !text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            return RichLine([TextRun(text, style: style)])
        }
        return scanInline(text, style: &style)
    }

    /// ``inline(_:style:)`` without the shortcut for lines with no tag, arrow or end space.
    static func scanInline(_ text: String, style: inout TextStyle) -> RichLine {
        var text = text
        return text.withUTF8 { scanInline($0, style: &style) }
    }

    /// ``scanInline(_:style:)`` on a line's UTF-8 bytes.
    static func scanInline(_ bytes: UnsafeBufferPointer<UInt8>, style: inout TextStyle) -> RichLine {
        var runs: [TextRun] = []
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bytes.count)
        func flush() {
            if !buffer.isEmpty { runs.append(TextRun(String(decoding: buffer, as: UTF8.self), style: style)); buffer.removeAll(keepingCapacity: true) }
        }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let (tag, closing, length) = styleTag(bytes, at: index) {
                flush()
                if closing { style.remove(tag) } else { style.insert(tag) }
                index += length
                continue
            }
            if byte == UInt8(ascii: "-"), index + 2 < count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: ">") {
                buffer.append(contentsOf: [0xE2, 0x86, 0x92]) // →
                index += 3
                continue
            }
            buffer.append(byte)
            index += 1
        }
        flush()
        // Merge neighbours of the same style (a stray closing tag splits a run without changing it).
        if runs.count > 1 {
            runs = runs.reduce(into: [TextRun]()) { merged, run in
                if let last = merged.last, last.style == run.style { merged[merged.count - 1].text += run.text } else { merged.append(run) }
            }
        }
        // Trim spaces at the ends of the line, dropping runs that become empty.
        while let first = runs.first {
            guard first.text.utf8.first == UInt8(ascii: " ") else { break }
            let trimmed = String(first.text.drop { $0 == " " })
            if trimmed.isEmpty { runs.removeFirst() } else { runs[0].text = trimmed; break }
        }
        while let last = runs.last {
            guard last.text.utf8.last == UInt8(ascii: " ") else { break }
            var trimmed = last.text
            while trimmed.last == " " { trimmed.removeLast() }
            if trimmed.isEmpty { runs.removeLast() } else { runs[runs.count - 1].text = trimmed; break }
        }
        return RichLine(runs)
    }

    /// Recognises `<u>`, `</u>`, `<i>`, `</i>`, `<b>`, `</b>` (any case) at `index`; returns the tag length.
    static func styleTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (TextStyle, Bool, Int)? {
        var cursor = index + 1
        var closing = false
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") { closing = true; cursor += 1 }
        guard cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: ">") else { return nil }
        let tag: TextStyle
        switch bytes[cursor] | 0x20 {
        case UInt8(ascii: "u"): tag = .underline
        case UInt8(ascii: "i"): tag = .italic
        case UInt8(ascii: "b"): tag = .bold
        default: return nil
        }
        return (tag, closing, cursor + 2 - index)
    }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing spaces, tabs and non-breaking spaces (whole characters:
    /// a space a combining mark follows is part of that character and stays).
    var trimmingSpaces: String {
        // Fast path on UTF-8: nothing to trim at either end.
        if let first = utf8.first, let last = utf8.last, first != 0x20, first != 0x09, first != 0xC2, last != 0x20, last != 0x09, last != 0xA0 {
            return String(self)
        }
        return asciiTrimmedSpaces ?? characterTrimmedSpaces
    }

    /// ``trimmingSpaces`` character by character: the definition the shortcuts must agree with.
    var characterTrimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    /// ``trimmingSpaces`` on bytes, for the usual line whose trimmed text starts and ends with an ASCII
    /// byte and whose only trimmed spaces are ASCII: there each space is a character of its own (no
    /// ASCII scalar extends a character, and a space after an ASCII byte starts one). `nil` otherwise.
    private var asciiTrimmedSpaces: String? {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Range<Int>? in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard start < end else { return start..<start }
            return bytes[start] < 0x80 && bytes[end - 1] < 0x80 ? start..<end : nil
        }
        guard let range = found ?? nil else { return nil }
        let startIndex = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(self[startIndex..<utf8.index(startIndex, offsetBy: range.count)])
    }
}
