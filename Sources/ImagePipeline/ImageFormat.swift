import Foundation

/// An image file format recognised from its first bytes (never from its name).
///
/// Only formats that are images are accepted; everything else (HTML, scripts, PDF, archives…) is
/// refused, so nothing but re-encoded pictures is ever published from an images folder.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, gif, webp, tiff, heif, svg

    /// Whether a browser shows the format as it is (TIFF and HEIF are converted for the web either way).
    public var isShownByBrowsers: Bool {
        switch self {
        case .jpeg, .png, .gif, .webp, .svg: return true
        case .tiff, .heif: return false
        }
    }

    /// The part of the libvips loader's class name expected for this format (`VipsForeignLoadJpegBuffer`).
    var loaderToken: String {
        switch self {
        case .jpeg: return "Jpeg"
        case .png: return "Png"
        case .gif: return "Gif"
        case .webp: return "Webp"
        case .tiff: return "Tiff"
        case .heif: return "Heif"
        case .svg: return "Svg"
        }
    }

    /// Whether frames after the first are kept (animations).
    var mayBeAnimated: Bool { self == .gif || self == .webp }

    /// The format of `data`, judged by its leading bytes, or `nil` when it is not an image Loupe accepts.
    public static func sniff(_ data: Data) -> ImageFormat? {
        let head = [UInt8](data.prefix(1024))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"].contains(brand) { return .heif }
        }
        if isSVG(head) { return .svg }
        return nil
    }

    /// An SVG document: optional BOM, whitespace, XML declaration, comments and doctype, then `<svg`.
    private static func isSVG(_ head: [UInt8]) -> Bool {
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            text = text.drop { $0.isWhitespace }
            if text.hasPrefix("<svg") { return true }
            let closers: [(String, String)] = [("<?", "?>"), ("<!--", "-->"), ("<!DOCTYPE", ">"), ("<!doctype", ">")]
            guard let (_, close) = closers.first(where: { text.hasPrefix($0.0) }),
                  let end = text.range(of: close) else { return false }
            text = text[end.upperBound...]
        }
    }
}
