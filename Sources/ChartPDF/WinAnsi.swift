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
}
