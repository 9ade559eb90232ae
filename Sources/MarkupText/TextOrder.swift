import Glibc

/// Byte orders of strings that sorts of thousands of keys can afford: `String`'s own `<` and a walk
/// over `utf16` cost about ten times a `memcmp` of the UTF-8 bytes (a sixth of the search index
/// after a one-card edit was sorting its 10,000 terms).
public enum TextOrder {
    /// Whether `a` comes before `b` by UTF-8 bytes (the order of code points).
    @inlinable
    public static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        compare(a, b, utf16: false) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether `a` comes before `b` by UTF-16 code units, as JavaScript compares strings.
    @inlinable
    public static func utf16Precedes(_ a: String, _ b: String) -> Bool {
        compare(a, b, utf16: true) ?? a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// The order from the UTF-8 bytes in place; `nil` when a string's bytes are not contiguous.
    ///
    /// UTF-8 byte order is code point order, and UTF-16 order differs from it only between a character
    /// from U+E000 to U+FFFF (lead byte 0xEE or 0xEF) and one above U+FFFF (lead byte 0xF0 to 0xF4),
    /// whose surrogates come first. At the first differing byte, continuation bytes mean the same lead
    /// byte, so only two differing lead bytes in those ranges are swapped. Inlinable, so a sort's
    /// comparisons are specialised where they are made.
    @inlinable
    static func compare(_ a: String, _ b: String, utf16: Bool) -> Bool? {
        let result: Bool?? = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                guard order != 0 else { return x.count < y.count }
                guard utf16 else { return order < 0 }
                var index = 0
                while x[index] == y[index] { index += 1 }
                let p = x[index], q = y[index]
                if p >= 0xEE && q >= 0xEE && (p >= 0xF0) != (q >= 0xF0) { return p >= 0xF0 }
                return p < q
            }
        }
        return result ?? nil
    }
}
