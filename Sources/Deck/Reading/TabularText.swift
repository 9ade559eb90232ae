import Foundation

/// One record of a tab-delimited export, with the line it starts on.
public struct TabularRow: Sendable, Equatable {
    /// 1-based line of the record's first character.
    public var line: Int
    /// The cells, unquoted: slices of the parsed text where a cell is written as it reads (most are),
    /// so a deck's cells are not copied one by one.
    public var cells: [Substring]
}

/// A problem in the quoting of a tab-delimited export.
public struct TabularIssue: Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// 1-based column (in characters of that line).
    public var column: Int
    /// What is wrong.
    public var message: String
}

/// Splits tab-delimited spreadsheet text into rows and cells.
///
/// Rows end in CRLF, LF or CR. A cell that starts with `"` is quoted: it runs to the next lone `"`,
/// may contain tabs and line breaks, and `""` inside it is a literal quote. Works on UTF-8 bytes
/// because every delimiter is ASCII.
public enum TabularText {
    /// Parses `text` into rows; quoting problems are reported and parsing goes on.
    ///
    /// A large text is parsed in two halves on two cores: the second half starts, speculatively, after
    /// the first line break past the middle, and is kept only when parsing the first half ends a row
    /// exactly there (the break was not inside a quoted cell); otherwise the first half's parse
    /// simply goes on. Either way the result is the one-pass parse's.
    public static func parse(_ text: String, splittingAbove threshold: Int = 1 << 20) -> (rows: [TabularRow], issues: [TabularIssue]) {
        let parsed = parseWithEnds(text, splittingAbove: threshold)
        return (parsed.rows, parsed.issues)
    }

    /// ``parse(_:splittingAbove:)``, with where each row ends (UTF-8 offset in `text`, and line).
    static func parseWithEnds(_ text: String, splittingAbove threshold: Int = 1 << 20) -> Parser.Result {
        var contiguous = text  // `withUTF8` may make a copy contiguous; cells slice `text` at the same offsets
        return contiguous.withUTF8 { bytes in
            guard bytes.count > threshold, let second = speculativeRowStart(in: bytes) else {
                return Parser(bytes: bytes, text: text).parse(from: 0, line: 1, stoppingAtRowEndFrom: nil)
            }
            nonisolated(unsafe) let bytes = bytes
            var halves: [Parser.Result?] = [nil, nil]
            halves.withUnsafeMutableBufferPointer { results in
                nonisolated(unsafe) let results = results
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    results[half] = half == 0
                        ? Parser(bytes: bytes, text: text).parse(from: 0, line: 1, stoppingAtRowEndFrom: second)
                        : Parser(bytes: bytes, text: text).parse(from: second, line: 1, stoppingAtRowEndFrom: nil)
                }
            }
            let first = halves[0]!
            var rest = first.end == second ? halves[1]! : Parser(bytes: bytes, text: text).parse(from: first.end, line: first.line, stoppingAtRowEndFrom: nil)
            if first.end == second {
                // The second half counted lines from 1.
                let shift = first.line - 1
                for index in rest.rows.indices { rest.rows[index].line += shift }
                for index in rest.issues.indices { rest.issues[index].line += shift }
                for index in rest.endLines.indices { rest.endLines[index] += shift }
                rest.line += shift
            }
            var whole = first
            whole.rows += rest.rows
            whole.ends += rest.ends
            whole.endLines += rest.endLines
            whole.issues += rest.issues
            whole.end = rest.end
            whole.line = rest.line
            return whole
        }
    }

    /// Where a row would start after the first line break past the middle, if it is not inside a
    /// quoted cell (to be checked by parsing up to it).
    static func speculativeRowStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = bytes.count / 2
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        return index + 1 < bytes.count ? index + 1 : nil
    }

    /// The one-pass parser over UTF-8 bytes.
    struct Parser {
        struct Result {
            var rows: [TabularRow] = []
            /// Where each row ends: the offset after its line break (or the end), and the line there.
            var ends: [Int] = []
            var endLines: [Int] = []
            var issues: [TabularIssue] = []
            /// Where parsing stopped (the start of the next row, or the end).
            var end = 0
            /// The line of `end`.
            var line = 1
        }

        let bytes: UnsafeBufferPointer<UInt8>
        /// The text `bytes` are the UTF-8 of: cells are slices of it.
        let text: String

        /// The cell of `bytes[range]`, whose ends are at ASCII delimiters.
        func slice(_ range: Range<Int>) -> Substring {
            let utf8 = text.utf8
            return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        }

        /// The index of the first byte at or after `start` that is `a`, `b` or `c`, or the end.
        ///
        /// Eight bytes at a time: a deck is mostly long runs of plain text inside cells. A byte equal
        /// to a target is a zero byte of `word ^ target`; in `(x - 0x01…) & ~x & 0x80…` the lowest set
        /// bit marks the first zero byte exactly (a borrow only sets bits above a zero byte).
        @inline(__always)
        func firstIndex(from start: Int, of a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
            var index = start
            let count = bytes.count
            if let base = UnsafeRawPointer(bytes.baseAddress) {
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                let wordA = ones &* UInt64(a), wordB = ones &* UInt64(b), wordC = ones &* UInt64(c)
                @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
                while index + 8 <= count {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    let found = zeroBytes(word ^ wordA) | zeroBytes(word ^ wordB) | zeroBytes(word ^ wordC)
                    if found != 0 { return index + found.trailingZeroBitCount / 8 }
                    index += 8
                }
            }
            while index < count, bytes[index] != a, bytes[index] != b, bytes[index] != c { index += 1 }
            return index
        }

        /// Parses from `start` (a row's start, on `line`) to the end, or to the first row end at or
        /// after `stop`.
        func parse(from start: Int, line startLine: Int, stoppingAtRowEndFrom stop: Int?) -> Result {
            var result = Result()
            let count = bytes.count
            var index = start
            var line = startLine
            var lineStart = start
            var cells: [Substring] = []
            var rowLine = startLine
            var field: [UInt8] = []
            var rowHasContent = false

            func endRow() {
                if rowHasContent {
                    result.rows.append(TabularRow(line: rowLine, cells: cells))
                    result.ends.append(index)
                    result.endLines.append(line)
                }
                cells = []
                rowHasContent = false
            }
            func newline(at position: Int) -> Int {
                // Returns the index after the line break starting at `position`.
                if bytes[position] == 0x0D, position + 1 < count, bytes[position + 1] == 0x0A { return position + 2 }
                return position + 1
            }

            while index < count {
                if cells.isEmpty && !rowHasContent { rowLine = line }
                if bytes[index] == 0x22 { // quoted cell
                    let quoteLine = line, quoteColumn = index - lineStart + 1
                    index += 1
                    field.removeAll(keepingCapacity: true)
                    // Whether the cell differs from the bytes between its quotes (a doubled quote, a CR,
                    // text after the closing quote): then it is made from `field`, else sliced.
                    let contentStart = index
                    var contentEnd = count
                    var rewritten = false
                    var closed = false
                    while index < count {
                        // A run of plain bytes is copied at once.
                        let run = index
                        index = firstIndex(from: index, of: 0x22, 0x0D, 0x0A)
                        if index > run { field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index])) }
                        guard index < count else { break }
                        let byte = bytes[index]
                        if byte == 0x22 {
                            if index + 1 < count, bytes[index + 1] == 0x22 { field.append(0x22); index += 2; rewritten = true; continue }
                            contentEnd = index
                            index += 1; closed = true; break
                        }
                        if byte == 0x0D || byte == 0x0A {
                            if byte == 0x0D { rewritten = true }
                            let next = newline(at: index)
                            field.append(0x0A)
                            index = next; line += 1; lineStart = next
                        }
                    }
                    if !closed {
                        result.issues.append(TabularIssue(line: quoteLine, column: quoteColumn,
                                                          message: "quoted cell is never closed; add the missing \" (a literal quote inside a quoted cell is written \"\")"))
                    }
                    // Text after the closing quote up to the delimiter belongs to the cell (lenient, like Excel).
                    while index < count, bytes[index] != 0x09, bytes[index] != 0x0D, bytes[index] != 0x0A {
                        field.append(bytes[index]); index += 1; rewritten = true
                    }
                    cells.append(rewritten ? String(decoding: field, as: UTF8.self)[...] : slice(contentStart..<contentEnd))
                    rowHasContent = true
                } else {
                    let start = index
                    index = firstIndex(from: index, of: 0x09, 0x0D, 0x0A)
                    cells.append(slice(start..<index))
                    if index > start { rowHasContent = true }
                }
                guard index < count else { break }
                if bytes[index] == 0x09 {
                    index += 1
                    rowHasContent = true
                    if index == count { cells.append("") }
                } else {
                    let next = newline(at: index)
                    index = next; line += 1; lineStart = next
                    endRow()
                    if let stop, index >= stop {
                        result.end = index
                        result.line = line
                        return result
                    }
                }
            }
            endRow()
            result.end = count
            result.line = line
            return result
        }
    }
}
