/// Whether a template's output can be made from skeletons (``RenderSkeleton``): it must not use
/// what makes swift-mustache's output depend on a value's text beyond escaping and inserting it.
enum SkeletonEligibility {
    /// False when `template` changes its delimiters (`{{=`), applies a transform (`{{ lowercased(x) }}`:
    /// a `(` in a tag), names a partial by a value (`{{>*x}}`), indents a partial or block (its lines
    /// are indented by whether the value before ends a line), or holds a marker character itself.
    static func allows(_ template: String) -> Bool {
        let bytes = Array(template.utf8)
        var index = 0
        var lineIsBlank = true, lineIsIndented = false
        while index < bytes.count {
            let byte = bytes[index]
            // U+E000…U+E1FF, the markers' characters, are EE 80 80…EE 87 BF in UTF-8.
            if byte == 0xEE, index + 1 < bytes.count, (0x80...0x87).contains(bytes[index + 1]) { return false }
            if byte == UInt8(ascii: "\n") {
                lineIsBlank = true
                lineIsIndented = false
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                lineIsIndented = lineIsIndented || lineIsBlank
            } else if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                guard let tag = tag(in: bytes, from: index + 2), allows(tag: bytes[tag], indented: lineIsBlank && lineIsIndented)
                else { return false }
                index = tag.upperBound + 2
                lineIsBlank = false
                continue
            } else {
                lineIsBlank = false
            }
            index += 1
        }
        return true
    }

    /// The range of a tag's text, from after its `{{` to before its `}}`; `nil` when it is not closed.
    private static func tag(in bytes: [UInt8], from start: Int) -> Range<Int>? {
        var end = start
        while end + 1 < bytes.count {
            if bytes[end] == UInt8(ascii: "}"), bytes[end + 1] == UInt8(ascii: "}") { return start..<end }
            end += 1
        }
        return nil
    }

    private static func allows(tag: ArraySlice<UInt8>, indented: Bool) -> Bool {
        if tag.contains(UInt8(ascii: "(")) { return false }
        let name = tag.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "&") }
        guard let sigil = name.first else { return true }
        if sigil == UInt8(ascii: "=") { return false }
        if sigil == UInt8(ascii: ">"), name.dropFirst().drop(while: { $0 == UInt8(ascii: " ") }).first == UInt8(ascii: "*") { return false }
        return !(indented && [UInt8(ascii: ">"), UInt8(ascii: "$"), UInt8(ascii: "<")].contains(sigil))
    }
}
