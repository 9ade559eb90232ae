/// One record of a tab-delimited export, with the line it starts on.
public struct TabularRow: Sendable, Equatable {
    /// 1-based line of the record's first character.
    public var line: Int
    /// The cells, unquoted.
    public var cells: [String]
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
    public static func parse(_ text: String) -> (rows: [TabularRow], issues: [TabularIssue]) {
        var rows: [TabularRow] = []
        var issues: [TabularIssue] = []
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            var line = 1
            var lineStart = 0
            var cells: [String] = []
            var rowLine = 1
            var field: [UInt8] = []
            var rowHasContent = false

            func endRow() {
                if rowHasContent {
                    rows.append(TabularRow(line: rowLine, cells: cells))
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
                    var closed = false
                    while index < count {
                        let byte = bytes[index]
                        if byte == 0x22 {
                            if index + 1 < count, bytes[index + 1] == 0x22 { field.append(0x22); index += 2; continue }
                            index += 1; closed = true; break
                        }
                        if byte == 0x0D || byte == 0x0A {
                            let next = newline(at: index)
                            field.append(0x0A)
                            index = next; line += 1; lineStart = next
                            continue
                        }
                        field.append(byte); index += 1
                    }
                    if !closed {
                        issues.append(TabularIssue(line: quoteLine, column: quoteColumn,
                                                   message: "quoted cell is never closed; add the missing \" (a literal quote inside a quoted cell is written \"\")"))
                    }
                    // Text after the closing quote up to the delimiter belongs to the cell (lenient, like Excel).
                    while index < count, bytes[index] != 0x09, bytes[index] != 0x0D, bytes[index] != 0x0A {
                        field.append(bytes[index]); index += 1
                    }
                    cells.append(String(decoding: field, as: UTF8.self))
                    rowHasContent = true
                } else {
                    let start = index
                    while index < count, bytes[index] != 0x09, bytes[index] != 0x0D, bytes[index] != 0x0A { index += 1 }
                    cells.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
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
                }
            }
            endRow()
        }
        return (rows, issues)
    }
}
