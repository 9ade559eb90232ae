import Diagnostics

/// A section's text without styles: what search reads of it.
public struct SectionPlainText: Sendable, Equatable {
    /// ``CardSection/headerText``: the header lines joined by spaces.
    public var header: String
    /// ``CardSection/infoText``: one line per info block.
    public var info: String

    /// The plain text of `section`.
    public init(_ section: CardSection) {
        header = section.headerText
        info = section.infoText
    }

    init(header: String, info: String) {
        self.header = header
        self.info = info
    }
}

extension SectionChunkCoding {
    /// Each section's plain text, read straight from one row's bytes (a range ``rows(of:rowCount:)`` or
    /// ``encodeRows(_:)`` gave): the same as ``SectionPlainText/init(_:)`` on each of
    /// ``decodeRow(_:)``'s sections, without making lines, runs and blocks (search reads every section of
    /// a deck; decoding them first was most of making its documents). `nil` when the bytes are not
    /// exactly one row or a text is not UTF-8.
    static func plainTexts(ofRow row: ArraySlice<UInt8>) -> [SectionPlainText]? {
        row.withUnsafeBufferPointer { plainTexts(ofRow: $0) }
    }

    /// ``plainTexts(ofRow:)`` of bytes in place.
    static func plainTexts(ofRow buffer: UnsafeBufferPointer<UInt8>) -> [SectionPlainText]? {
        var reader = ChunkReader(buffer)
        guard let count = reader.number(), count <= reader.remaining else { return nil }
        var texts: [SectionPlainText] = []
        texts.reserveCapacity(count)
        var scratch: [UInt8] = []
        for _ in 0..<count {
            guard reader.number() != nil, let header = joinedLines(&reader, separator: 0x20, blocks: false, into: &scratch),
                  let info = joinedLines(&reader, separator: 0x0A, blocks: true, into: &scratch) else { return nil }
            texts.append(SectionPlainText(header: header, info: info))
        }
        return reader.isAtEnd ? texts : nil
    }

    /// A count, then that many lines (or info blocks, each a kind, a level or number for bullets and
    /// numbered items, then its line), as their plain texts joined by `separator`.
    private static func joinedLines(_ reader: inout ChunkReader, separator: UInt8, blocks: Bool, into scratch: inout [UInt8]) -> String? {
        guard let count = reader.number(), count <= reader.remaining else { return nil }
        scratch.removeAll(keepingCapacity: true)
        for index in 0..<count {
            if index > 0 { scratch.append(separator) }
            if blocks {
                switch reader.number() {
                case 0, 3: break
                case 1, 2: guard reader.number() != nil else { return nil }
                default: return nil
                }
            }
            guard appendLine(&reader, to: &scratch) else { return nil }
        }
        return scratch.withUnsafeBufferPointer { ChunkReader.validUTF8($0) }
    }

    /// Appends one line's text (plain, or its runs' texts in order) to `scratch`.
    private static func appendLine(_ reader: inout ChunkReader, to scratch: inout [UInt8]) -> Bool {
        switch reader.number() {
        case 0:
            return appendText(&reader, to: &scratch)
        case 1:
            guard let count = reader.number(), count <= reader.remaining else { return false }
            for _ in 0..<count {
                guard let style = reader.number(), style <= Int(TextStyle([.underline, .italic, .bold]).rawValue),
                      appendText(&reader, to: &scratch) else { return false }
            }
            return true
        default:
            return false
        }
    }

    private static func appendText(_ reader: inout ChunkReader, to scratch: inout [UInt8]) -> Bool {
        guard let length = reader.number(), let bytes = reader.take(length) else { return false }
        scratch.append(contentsOf: bytes)
        return true
    }
}
