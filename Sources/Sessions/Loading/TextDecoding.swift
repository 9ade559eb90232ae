import Foundation

/// Turns file bytes into text: UTF-8 (with or without BOM) or UTF-16 with a BOM.
enum TextDecoding {
    /// The text, without a leading BOM, or `nil` when the bytes are neither.
    static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(3))
        var text: String?
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            text = String(data: data.dropFirst(2), encoding: .utf16LittleEndian)
        } else if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            text = String(data: data.dropFirst(2), encoding: .utf16BigEndian)
        } else {
            text = String(data: data, encoding: .utf8)
        }
        guard var result = text else { return nil }
        if result.hasPrefix("\u{FEFF}") { result.removeFirst() }
        return result
    }
}
