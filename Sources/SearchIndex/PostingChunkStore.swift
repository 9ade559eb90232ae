/// Where tokenised chunks outlive the process: a one-card edit then tokenises only the chunk that
/// holds the card, instead of every document (`loupe build` keeps them in the site's `.loupe/search/`).
///
/// The builder gives each chunk's **key**: every text its postings are made from, with the chunk's
/// first document number, so equal keys always mean equal postings. The store decides how to name
/// and keep the bytes; it must return exactly what it was given for that key, or `nil`.
public protocol PostingChunkStore: Sendable {
    /// The bytes an earlier build kept for `key`, now kept for the next build too; or `nil`.
    func chunk(forKey key: [UInt8]) -> [UInt8]?
    /// Keeps an earlier build's bytes for `key` for the next build without reading them; `false`
    /// when there are none.
    func keepChunk(forKey key: [UInt8]) -> Bool
    /// Keeps new `bytes` for `key` for the next build.
    func store(_ bytes: [UInt8], forKey key: [UInt8])
}

/// The byte forms of a chunk's key and of its postings table.
///
/// Table: `LPC1`, then the term count and, per term, the term's UTF-8 bytes, the posting list's
/// ``PostingCode`` bytes and its last document, each length and number as a LEB128 integer.
/// Decoding checks every length, that terms are UTF-8 and that postings use the code's alphabet, so
/// a damaged file is refused (the chunk is tokenised again), never half-used.
enum PostingChunkCoding {
    private static let magic = Array("LPC1".utf8)

    /// Every text the postings of `documents` (the first numbered `first`) are made from.
    static func key(first: Int, documents: ArraySlice<SearchDocument>) -> [UInt8] {
        var key: [UInt8] = magic
        appendNumber(first, to: &key)
        appendNumber(documents.count, to: &key)
        for document in documents {
            append(document.title, to: &key)
            append(document.path.joined(separator: " "), to: &key)
            appendNumber(document.sections.count, to: &key)
            for section in document.sections {
                append(section.header, to: &key)
                append(section.text, to: &key)
            }
        }
        return key
    }

    static func encode(_ table: [String: PostingList]) -> [UInt8] {
        var bytes = magic
        appendNumber(table.count, to: &bytes)
        // Sorted, so the same chunk always gives the same bytes.
        for term in table.keys.sorted(by: SearchText.precedes) {
            let list = table[term]!
            append(term, to: &bytes)
            appendNumber(list.bytes.count, to: &bytes)
            bytes += list.bytes
            appendNumber(list.lastDocument, to: &bytes)
        }
        return bytes
    }

    static func decode(_ bytes: [UInt8]) -> [String: PostingList]? {
        bytes.withUnsafeBufferPointer { buffer -> [String: PostingList]? in
            var reader = Reader(bytes: buffer)
            guard reader.take(magic.count).map(Array.init) == magic, let count = reader.number(), count <= buffer.count else { return nil }
            var table: [String: PostingList] = [:]
            table.reserveCapacity(count)
            for _ in 0..<count {
                guard let termLength = reader.number(), let termBytes = reader.take(termLength),
                      let term = String(validating: termBytes, as: UTF8.self),
                      let listLength = reader.number(), listLength > 0, let listBytes = reader.take(listLength),
                      listBytes.allSatisfy({ PostingCode.digit(of: $0) != nil }),
                      let lastDocument = reader.number()
                else { return nil }
                guard table.updateValue(PostingList(bytes: Array(listBytes), lastDocument: lastDocument), forKey: term) == nil else { return nil }
            }
            return reader.isAtEnd ? table : nil
        }
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendNumber(utf8.count, to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(max(0, value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func number() -> Int? {
            var value = 0, shift = 0
            while index < bytes.count, shift < 63 {
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8>.SubSequence? {
            guard count >= 0, count <= bytes.count - index else { return nil }
            defer { index += count }
            return bytes[index..<index + count]
        }
    }
}
