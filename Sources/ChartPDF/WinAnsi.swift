/// Encodes text for the PDF base-14 fonts with WinAnsiEncoding (Windows-1252).
enum WinAnsi {
    private static let specials: [Unicode.Scalar: UInt8] = [
        "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94,
        "•": 0x95, "–": 0x96, "—": 0x97, "™": 0x99,
    ]

    /// The bytes of `text`, NUL-terminated; unsupported characters become `?`.
    static func cString(_ text: String) -> [CChar] {
        var bytes: [CChar] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let byte: UInt8
            if (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) {
                byte = UInt8(value)
            } else if let special = specials[scalar] {
                byte = special
            } else {
                byte = UInt8(ascii: "?")
            }
            bytes.append(CChar(bitPattern: byte))
        }
        bytes.append(0)
        return bytes
    }

    /// PDFDocEncoding (the encoding of text strings in the document information dictionary): Latin-1 plus its
    /// own code points for typographic marks — the em dash is 0x84 there, not WinAnsi's 0x97 (which reads "—" as "Š"
    /// in PDF viewers' document properties).
    private static let pdfDocSpecials: [Unicode.Scalar: UInt8] = [
        "•": 0x80, "†": 0x81, "‡": 0x82, "…": 0x83, "—": 0x84, "–": 0x85, "ƒ": 0x86, "⁄": 0x87, "‹": 0x88, "›": 0x89,
        "−": 0x8A, "‰": 0x8B, "„": 0x8C, "“": 0x8D, "”": 0x8E, "‘": 0x8F, "’": 0x90, "‚": 0x91, "™": 0x92, "€": 0xA0,
    ]

    /// The bytes of `text` in PDFDocEncoding, NUL-terminated; unsupported characters become `?`.
    static func pdfDocCString(_ text: String) -> [CChar] {
        var bytes: [CChar] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let byte: UInt8
            if let special = pdfDocSpecials[scalar] {
                byte = special
            } else if (0x20...0x7E).contains(value) || (0xA1...0xFF).contains(value) {
                byte = UInt8(value)
            } else {
                byte = UInt8(ascii: "?")
            }
            bytes.append(CChar(bitPattern: byte))
        }
        bytes.append(0)
        return bytes
    }
}
