import Foundation
import MarkupText

/// Serialises index files as deterministic JSON, and wraps them as scripts for `file://` sites.
enum SearchIndexEncoding {
    /// Sorted keys, no escaped slashes, then every `<`, `>`, `&`, U+2028 and U+2029 written as a
    /// `\uXXXX` escape: the JSON stays equal, and no text can close a `<script>` or end a JS line.
    static func json<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return scriptSafe(try encoder.encode(value))
    }

    /// A term shard as ``json(_:)`` writes it, written by hand (`JSONEncoder` was a third of encoding
    /// the index).
    static func termShardJSON(_ shard: SearchIndexSchema.TermShard) -> Data {
        var out = Array("{\"postings\":".utf8)
        JSONText.append(strings: shard.postings, to: &out, escapingMarkup: true)
        out += ",\"terms\":".utf8
        JSONText.append(strings: shard.terms, to: &out, escapingMarkup: true)
        out += ",\"version\":\(shard.version)}".utf8
        return Data(out)
    }

    /// A document shard as ``json(_:)`` writes it, written by hand.
    static func documentShardJSON(_ shard: SearchIndexSchema.DocumentShard) -> Data {
        var out = Array("{\"documents\":[".utf8)
        for (index, document) in shard.documents.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += "{\"kind\":".utf8
            JSONText.append(string: document.kind.rawValue, to: &out, escapingMarkup: true)
            out += ",\"path\":".utf8
            JSONText.append(strings: document.path, to: &out, escapingMarkup: true)
            out += ",\"sections\":[".utf8
            for (index, section) in document.sections.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += "{\"anchor\":".utf8
                JSONText.append(string: section.anchor, to: &out, escapingMarkup: true)
                out += ",\"header\":".utf8
                JSONText.append(string: section.header, to: &out, escapingMarkup: true)
                out += ",\"text\":".utf8
                JSONText.append(string: section.text, to: &out, escapingMarkup: true)
                out += "}".utf8
            }
            out += "],\"title\":".utf8
            JSONText.append(string: document.title, to: &out, escapingMarkup: true)
            out += ",\"url\":".utf8
            JSONText.append(string: document.url, to: &out, escapingMarkup: true)
            out += "}".utf8
        }
        out += "],\"first\":\(shard.first),\"version\":\(shard.version)}".utf8
        return Data(out)
    }

    /// `data` with markup-significant characters escaped (valid only inside JSON text).
    static func scriptSafe(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        // Fast path: nothing to escape.
        if !bytes.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }) { return data }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        func escape(_ code: StaticString) {
            out.append(UInt8(ascii: "\\"))
            out.append(UInt8(ascii: "u"))
            code.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"): escape("003c")
            case UInt8(ascii: ">"): escape("003e")
            case UInt8(ascii: "&"): escape("0026")
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape(bytes[index + 2] == 0xA8 ? "2028" : "2029")
                index += 2
            default: out.append(byte)
            }
            index += 1
        }
        return Data(out)
    }

    /// A JSON file with its trailing newline.
    static func jsonFile(_ json: Data) -> Data { json + Data("\n".utf8) }

    /// `window.LOUPE_SEARCH = <json>;` for the manifest.
    static func manifestScript(_ json: Data) -> Data {
        Data("window.LOUPE_SEARCH = ".utf8) + json + Data(";\n".utf8)
    }

    /// Registers a shard under `key` (e.g. `terms/3`) in `window.LOUPE_SEARCH_SHARDS`.
    static func shardScript(key: String, json: Data) -> Data {
        Data("(window.LOUPE_SEARCH_SHARDS = window.LOUPE_SEARCH_SHARDS || {})[\"\(key)\"] = ".utf8) + json + Data(";\n".utf8)
    }
}
