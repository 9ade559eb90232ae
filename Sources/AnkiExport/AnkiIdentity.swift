import Foundation
import CLibCrypto

/// Ids and checksums derived from names, so that two exports of the same deck agree byte for byte and a
/// note keeps its id across exports (Anki's own ids are creation times in milliseconds).
public enum AnkiIdentity {
    /// The SHA-1 digest of `text`'s UTF-8 bytes (through libcrypto).
    static func sha1(_ text: String) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            digest.withUnsafeMutableBufferPointer { out in
                _ = SHA1(buffer.baseAddress, buffer.count, out.baseAddress)
            }
        }
        return digest
    }

    /// A positive id for `key` in the range Anki's millisecond ids occupy (10¹² ..< 2⁵³, exact in JavaScript too).
    public static func id(for key: String) -> Int64 {
        let digest = sha1(key)
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        let low: UInt64 = 1_000_000_000_000
        let span: UInt64 = (1 << 53) - low
        return Int64(low + value % span)
    }

    /// Anki's first-field checksum: the first 8 hex digits of the SHA-1 of the field's plain text, as a number.
    public static func checksum(_ plainText: String) -> Int64 {
        let digest = sha1(plainText)
        var value: Int64 = 0
        for byte in digest.prefix(4) { value = value << 8 | Int64(byte) }
        return value
    }

    /// `html` without tags, with character references decoded: what Anki sorts and checks duplicates by.
    public static func plainText(_ html: String) -> String {
        var out = ""
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                out.append(character)
            }
        }
        return decodeReferences(out).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            guard let semi = rest.prefix(12).firstIndex(of: ";") else {
                out.append("&")
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semi]
            if let decoded = decode(String(name)) {
                out += decoded
                rest = rest[rest.index(after: semi)...]
            } else {
                out.append("&")
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    private static func decode(_ name: String) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
