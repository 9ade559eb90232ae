import Diagnostics

/// A comma-separated table read per RFC 4180: quoted fields may hold commas, quotes (`""`) and
/// line breaks; rows end in CRLF, LF or CR. Every field keeps the line and column it starts at.
struct CSVTable: Sendable, Equatable {
    /// One field and where it starts.
    struct Field: Sendable, Equatable {
        var text: String
        var line: Int
        var column: Int
    }

    /// One record.
    struct Row: Sendable, Equatable {
        var fields: [Field]
        /// The line the record starts on.
        var line: Int
    }

    /// All records, the header included, blank lines left out.
    var rows: [Row]

    /// Parses `text`; an unterminated quote is reported at its opening.
    static func parse(_ text: String, path: String, log: inout DiagnosticLog) -> CSVTable? {
        var rows: [Row] = []
        var fields: [Field] = []
        var field = ""
        var fieldStart = (line: 1, column: 1)
        var rowLine = 1
        var line = 1
        var column = 1
        var inQuotes = false
        var quotedField = false
        var afterQuote = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = iterator.next()

        func endField() {
            fields.append(Field(text: field, line: fieldStart.line, column: fieldStart.column))
            field = ""
            quotedField = false
            afterQuote = false
        }
        func endRow() {
            endField()
            let isBlank = fields.count == 1 && fields[0].text.isEmpty
            if !isBlank { rows.append(Row(fields: fields, line: rowLine)) }
            fields = []
        }

        while let character = pending {
            pending = iterator.next()
            let isNewline = character == "\n" || character == "\r" || character == "\r\n"
            if inQuotes {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                        column += 2
                        continue
                    }
                    inQuotes = false
                    afterQuote = true
                    column += 1
                    continue
                }
                field.append(character)
                if isNewline { line += 1; column = 1 } else { column += 1 }
                continue
            }
            if character == "," {
                endField()
                column += 1
                fieldStart = (line, column)
                continue
            }
            if isNewline {
                endRow()
                line += 1
                column = 1
                fieldStart = (line, column)
                rowLine = line
                continue
            }
            if character == "\"" && field.isEmpty && !quotedField {
                inQuotes = true
                quotedField = true
                column += 1
                continue
            }
            if afterQuote {
                log.error("text after a closing quote; a field that contains quotes must be wrapped in quotes with each quote doubled (\"\")",
                          at: SourceLocation(path: path, line: line, column: column))
                return nil
            }
            field.append(character)
            column += 1
        }
        if inQuotes {
            log.error("this quoted field is never closed; add the closing quote",
                      at: SourceLocation(path: path, line: fieldStart.line, column: fieldStart.column))
            return nil
        }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRow() }
        return CSVTable(rows: rows)
    }
}
