import Deck

/// A section's header and info HTML written straight from the deck's text: the bytes libcmark gives for
/// ``DeckMarkdown/header(_:)`` and ``DeckMarkdown/info(_:)``'s Markdown, without writing and parsing that
/// Markdown.
///
/// Card sections were most of a cold build's libcmark work (a seventh of its instructions), yet the
/// Markdown an info cell becomes has a fixed shape: tight bullet and numbered lists (bullets nested one
/// level under an item), `<p class="mnemonic">` lines, and paragraphs whose lines are joined by `<br>`,
/// every text escaped so that libcmark reads it back as the same characters; a header is such lines in
/// a heading. ``SectionShells`` puts the HTML into the section template's. A text libcmark might read
/// otherwise (blank or space-edged lines, control characters, list numbers past nine digits, a header
/// ending in `#`) gives `nil`: the section is rendered through its Markdown as before.
enum DeckHTML {
    /// The UTF-8 HTML libcmark renders from `DeckMarkdown.info(blocks)`; `nil` when it is not certain to
    /// be these bytes, or `blocks` is empty.
    static func info(_ blocks: [InfoBlock]) -> [UInt8]? {
        guard !blocks.isEmpty else { return nil }
        var writer = Writer()
        for block in blocks {
            guard writer.add(block) else { return nil }
        }
        writer.closeAll()
        return writer.out
    }

    /// The UTF-8 HTML libcmark renders inside a heading from `DeckMarkdown.header(lines)`: each line's
    /// text, joined by `<br>`; `nil` when it is not certain to be these bytes (see ``info(_:)``), when
    /// there is no line, or when the last ends with `#` (libcmark would take a closing sequence off an ATX
    /// heading).
    static func header(_ lines: [RichLine]) -> [UInt8]? {
        guard let last = lines.last else { return nil }
        let lastText = last.unstyledText ?? last.runs.last?.text ?? ""
        guard lastText.utf8.last != UInt8(ascii: "#") else { return nil }
        var writer = Writer()
        for (index, line) in lines.enumerated() {
            if index > 0 { writer.put("<br>") }
            guard writer.inline(line) else { return nil }
        }
        return writer.out
    }

    /// Follows ``DeckMarkdown/info(_:)``'s choices block by block (its `last` and `parentKind`), writing
    /// the elements its Markdown opens and closes.
    private struct Writer {
        enum Kind { case none, bullet, numbered, text, mnemonic }
        var out: [UInt8] = []
        var last = Kind.none
        var parentKind = Kind.none
        /// The top-level list open, its last item open (not yet closed), a list nested in that item open,
        /// a paragraph open.
        var openList = Kind.none
        var itemOpen = false
        var nestedOpen = false
        var paragraphOpen = false

        init() { out.reserveCapacity(512) }

        mutating func add(_ block: InfoBlock) -> Bool {
            switch block {
            case .bullet(let level, let line):
                if level >= 2 && (last == .bullet || last == .numbered) && parentKind != .none {
                    // An item of a list nested in the parent item.
                    if !nestedOpen { put("\n<ul>\n"); nestedOpen = true }
                    put("<li>")
                    guard inline(line) else { return false }
                    put("</li>\n")
                    last = parentKind == .numbered ? .numbered : .bullet
                } else {
                    if last == .bullet && parentKind == .bullet { closeItem() } else { closeAll(); put("<ul>\n"); openList = .bullet }
                    put("<li>")
                    itemOpen = true
                    guard inline(line) else { return false }
                    parentKind = .bullet
                    last = .bullet
                }
            case .numbered(let number, let line):
                // libcmark reads at most nine digits as a list marker.
                guard (0...999_999_999).contains(number) else { return false }
                if last == .numbered && parentKind == .numbered {
                    closeItem()
                } else {
                    closeAll()
                    put(number == 1 ? "<ol>\n" : "<ol start=\"\(number)\">\n")
                    openList = .numbered
                }
                put("<li>")
                itemOpen = true
                guard inline(line) else { return false }
                parentKind = .numbered
                last = .numbered
            case .mnemonic(let line):
                // A raw HTML block: libcmark writes its Markdown bytes as they are.
                closeAll()
                put("<p class=\"mnemonic\">")
                DeckMarkdown.append(line, to: &out)
                put("</p>\n")
                last = .mnemonic
                parentKind = .none
            case .text(let line):
                if last == .text {
                    put("<br>\n")
                } else {
                    closeAll()
                    put("<p>")
                    paragraphOpen = true
                }
                guard inline(line) else { return false }
                last = .text
                parentKind = .none
            }
            return true
        }

        mutating func closeAll() {
            if paragraphOpen { put("</p>\n"); paragraphOpen = false }
            closeItem()
            if openList != .none { put(openList == .bullet ? "</ul>\n" : "</ol>\n"); openList = .none }
        }

        mutating func closeItem() {
            guard itemOpen else { return }
            if nestedOpen { put("</ul>\n"); nestedOpen = false }
            put("</li>\n")
            itemOpen = false
        }

        mutating func put(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        mutating func put(_ text: String) { out.append(contentsOf: text.utf8) }

        /// Appends the line as libcmark renders its escaped Markdown: the tags Loupe writes around styled
        /// runs, and each run's text with `&`, `<`, `>` and `"` escaped and line breaks and tabs as spaces.
        /// `false` when libcmark might read the Markdown as another text: an empty run (an empty line or
        /// list item is another element), a space at either end of the line (stripped, or a hard break
        /// when doubled), or a control character other than a tab or a line break.
        mutating func inline(_ line: RichLine) -> Bool {
            if let text = line.unstyledText { return Self.hasNoSpaceAtEnds(text, first: true, last: true) && appendText(text) }
            let runs = line.runs
            guard !runs.isEmpty else { return false }
            for index in runs.indices {
                let run = runs[index]
                guard Self.hasNoSpaceAtEnds(run.text, first: index == 0, last: index == runs.count - 1) else { return false }
                if run.style.contains(.bold) { put("<strong>") }
                if run.style.contains(.italic) { put("<em>") }
                if run.style.contains(.underline) { put("<u>") }
                guard appendText(run.text) else { return false }
                if run.style.contains(.underline) { put("</u>") }
                if run.style.contains(.italic) { put("</em>") }
                if run.style.contains(.bold) { put("</strong>") }
            }
            return true
        }

        /// Whether `text` has characters, and none that ``MarkdownEscaper`` turns into a space (or a space)
        /// at the line's start (`first`) or end (`last`).
        private static func hasNoSpaceAtEnds(_ text: String, first: Bool, last: Bool) -> Bool {
            let utf8 = text.utf8
            guard let head = utf8.first, let tail = utf8.last else { return false }
            if first && (isSpace(head) || head == 0xE2 && text.unicodeScalars.first.map(isSeparator) == true) { return false }
            if last && (isSpace(tail) || (tail == 0xA8 || tail == 0xA9) && text.unicodeScalars.last.map(isSeparator) == true) { return false }
            return true
        }

        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == "\u{2028}" || scalar == "\u{2029}" }

        /// Appends `text` as libcmark writes the text ``MarkdownEscaper`` made of it, the bytes between two
        /// that change copied at once; `false` at a control character other than a tab or line break.
        mutating func appendText(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bytes in
                var copied = 0, index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    guard byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0xE2 else {
                        index += 1
                        continue
                    }
                    var skip = 1
                    let replacement: StaticString
                    switch byte {
                    case 0x26: replacement = "&amp;"
                    case 0x3C: replacement = "&lt;"
                    case 0x3E: replacement = "&gt;"
                    case 0x22: replacement = "&quot;"
                    case 0x09, 0x0A, 0x0D: replacement = " "
                    case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                        replacement = " "  // U+2028, U+2029
                        skip = 3
                    case 0xE2:
                        index += 1
                        continue
                    default:
                        return false
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                    put(replacement)
                    index += skip
                    copied = index
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
                return true
            }
        }
    }
}
