import Foundation

/// Finds where each record of a JSON breed file starts, and where each of its top-level keys is,
/// so diagnostics can say `path:line:column` although `JSONSerialization` keeps no positions.
///
/// It only follows the structure (brackets, strings, commas); validity is `JSONSerialization`'s job.
struct JSONRecordLocator: Sendable {
    /// Offsets of one record: its first byte and the first byte of each top-level key.
    struct Record: Sendable {
        var offset: Int
        var isObject: Bool
        var keyOffsets: [String: Int] = [:]
    }

    /// The records, in file order (one when the file is a single object).
    private(set) var records: [Record] = []
    /// Byte offsets at which lines start.
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
        records = Self.scan(bytes)
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            // Count scalars, not bytes: skip UTF-8 continuation bytes.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (low + 1, column)
    }

    private static func scan(_ bytes: [UInt8]) -> [Record] {
        var index = 0
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < count, isWhitespace(bytes[index]) { index += 1 }
        guard index < count else { return [] }

        var records: [Record] = []
        // Depth at which records' keys live: 2 inside a top-level array, 1 for a single top-level object.
        let keyDepth: Int
        if bytes[index] == UInt8(ascii: "{") {
            records.append(Record(offset: index, isObject: true))
            keyDepth = 1
        } else if bytes[index] == UInt8(ascii: "[") {
            keyDepth = 2
        } else {
            return []
        }

        var depth = 0
        var expectingElement = false
        var expectingKey = false
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                var hasEscape = false
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        hasEscape = true
                        index += 1
                    }
                    index += 1
                }
                if keyDepth == 2, depth == 1, expectingElement {
                    records.append(Record(offset: start, isObject: false))
                    expectingElement = false
                } else if depth == keyDepth, expectingKey, let last = records.indices.last, records[last].isObject {
                    let end = min(index, count)
                    let key = decodeKey(Array(bytes[(start + 1)..<end]), hasEscape: hasEscape)
                    if records[last].keyOffsets[key] == nil {
                        records[last].keyOffsets[key] = start
                    }
                    expectingKey = false
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if keyDepth == 2, depth == 1, expectingElement {
                    records.append(Record(offset: index, isObject: byte == UInt8(ascii: "{")))
                    expectingElement = false
                }
                depth += 1
                if keyDepth == 2, depth == 1 { expectingElement = true }
                if depth == keyDepth, byte == UInt8(ascii: "{") { expectingKey = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                expectingKey = false
                expectingElement = false
            case UInt8(ascii: ","):
                if keyDepth == 2, depth == 1 { expectingElement = true }
                if depth == keyDepth { expectingKey = true }
            default:
                if !isWhitespace(byte), keyDepth == 2, depth == 1, expectingElement {
                    records.append(Record(offset: index, isObject: false))
                    expectingElement = false
                }
            }
            index += 1
        }
        return records
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func decodeKey(_ raw: [UInt8], hasEscape: Bool) -> String {
        guard hasEscape else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String)
            ?? String(decoding: raw, as: UTF8.self)
    }
}
