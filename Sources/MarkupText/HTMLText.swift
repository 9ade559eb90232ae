/// Escaping of text for HTML and XML (SVG) output, shared by every module that writes markup itself.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references (the same as Mustache's HTML
    /// escaping), safe in element content and in quoted attribute values. NUL becomes U+FFFD.
    public static func escape(_ text: String) -> String {
        escape(text, oneLine: false)
    }

    /// Like ``escape(_:)``, and line breaks and tabs become spaces: for one-line fragments such as
    /// SVG labels, where a newline would be meaningless or could end a Markdown HTML block.
    public static func escapeOneLine(_ text: String) -> String {
        escape(text, oneLine: true)
    }

    private static func escape(_ text: String, oneLine: Bool) -> String {
        let needsWork = text.utf8.contains { byte in
            byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0
                || (oneLine && (byte == 0x0A || byte == 0x0D || byte == 0x09))
        }
        guard needsWork else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        var previousWasCR = false
        for byte in text.utf8 {
            defer { previousWasCR = byte == 0x0D }
            switch byte {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x22: out += Array("&quot;".utf8)
            case 0x27: out += Array("&#39;".utf8)
            case 0x00: out += [0xEF, 0xBF, 0xBD]
            case 0x0A where oneLine: if !previousWasCR { out.append(0x20) }
            case 0x0D where oneLine, 0x09 where oneLine: out.append(0x20)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
