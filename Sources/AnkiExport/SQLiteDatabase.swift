import CSQLite
import Foundation

/// A value bound to or read from a SQLite statement.
public enum SQLiteValue: Sendable, Equatable, Hashable {
    /// An INTEGER.
    case integer(Int64)
    /// TEXT.
    case text(String)
    /// NULL (and anything else, such as a BLOB, which Anki collections do not use).
    case null

    /// The integer, if this is one.
    public var integer: Int64? { if case .integer(let value) = self { return value } else { return nil } }
    /// The text, if this is text.
    public var text: String? { if case .text(let value) = self { return value } else { return nil } }
}

/// A connection to a SQLite database file: the only code that calls libsqlite3.
public final class SQLiteDatabase {
    private var handle: OpaquePointer?

    /// Opens (or, unless `readOnly`, creates) the database at `path`.
    public init(path: String, readOnly: Bool = false) throws(AnkiExportError) {
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        handle = connection
        guard status == SQLITE_OK else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close_v2(connection)
            handle = nil
            throw .database(message)
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements without parameters.
    public func execute(_ sql: String) throws(AnkiExportError) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw .database(message)
        }
    }

    /// Runs one statement once per row of `values` (one prepared statement, reset between rows).
    public func run(_ sql: String, rows values: [[SQLiteValue]]) throws(AnkiExportError) {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        for row in values {
            try bind(row, to: statement)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw .database(lastError) }
            sqlite3_reset(statement)
        }
    }

    /// The rows a query returns.
    public func rows(_ sql: String, _ values: [SQLiteValue] = []) throws(AnkiExportError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try bind(values, to: statement)
        var result: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw .database(lastError) }
            let count = sqlite3_column_count(statement)
            var row: [SQLiteValue] = []
            for column in 0..<count {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_TEXT:
                    if let text = sqlite3_column_text(statement, column) {
                        row.append(.text(String(cString: text)))
                    } else {
                        row.append(.null)
                    }
                default: row.append(.null)
                }
            }
            result.append(row)
        }
        return result
    }

    private var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no database" }

    private func prepare(_ sql: String) throws(AnkiExportError) -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw .database(lastError) }
        return statement
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer?) throws(AnkiExportError) {
        // SQLITE_TRANSIENT: SQLite copies the bytes before bind returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, transient)
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw .database(lastError) }
        }
    }
}
