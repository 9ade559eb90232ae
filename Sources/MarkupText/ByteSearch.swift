#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a byte sequence in UTF-8 text: `memchr` to each candidate first byte, then `memcmp`.
///
/// Foundation's `range(of:)` and `contains(_:)` on strings compare characters through `NSString`, and
/// the standard library's `firstRange(of:)` goes element by element: both cost many times this on the
/// page-sized texts a build searches (layout shells, rendered sections, page Markdown).
public enum ByteSearch {
    /// The offset of the first `needle` in `text` at or after `start`, or `nil`.
    public static func firstOffset(of needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = text.baseAddress, let lead = needle.first else { return nil }
        var offset = start
        while offset + needle.count <= text.count, let found = memchr(base + offset, Int32(lead), text.count - offset) {
            let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if index + needle.count <= text.count, memcmp(base + index, needle, needle.count) == 0 { return index }
            offset = index + 1
        }
        return nil
    }

    /// How many times `needle` occurs in `text` (overlapping occurrences each count).
    public static func count(of needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, offset = 0
        while let found = firstOffset(of: needle, in: text, from: offset) {
            count += 1
            offset = found + 1
        }
        return count
    }
}
