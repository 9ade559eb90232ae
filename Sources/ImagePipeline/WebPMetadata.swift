import Foundation

/// Removes metadata chunks from a WebP file. libvips 8.14's WebP writer always adds a small EXIF chunk
/// (resolution and orientation) even when asked to strip, so the pipeline drops `EXIF`, `XMP ` and
/// `ICCP` chunks from the RIFF container itself and clears their flags in the `VP8X` header.
enum WebPMetadata {
    static let dropped: Set<String> = ["EXIF", "XMP ", "ICCP"]

    /// `data` without metadata chunks; `data` unchanged when it is not a well-formed WebP file.
    static func stripped(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return data }
        var out: [UInt8] = Array(bytes[0..<12])
        var offset = 12
        while offset + 8 <= bytes.count {
            let tag = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard size >= 0, end <= bytes.count || (end == bytes.count + 1 && size & 1 == 1) else { return data }
            let chunk = bytes[offset..<min(end, bytes.count)]
            if !dropped.contains(tag) {
                var copy = Array(chunk)
                // VP8X flags: ICC 0x20, EXIF 0x08, XMP 0x04.
                if tag == "VP8X", copy.count > 8 { copy[8] &= ~UInt8(0x20 | 0x08 | 0x04) }
                out += copy
            }
            offset = end
        }
        let riffSize = UInt32(out.count - 8)
        out[4] = UInt8(riffSize & 0xFF)
        out[5] = UInt8((riffSize >> 8) & 0xFF)
        out[6] = UInt8((riffSize >> 16) & 0xFF)
        out[7] = UInt8((riffSize >> 24) & 0xFF)
        return Data(out)
    }
}
