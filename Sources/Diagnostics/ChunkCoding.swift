#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte form of the chunks a build keeps for the next one (`.loupe/search/`, `.loupe/sections/`):
/// numbers as unsigned LEB128, texts as their UTF-8 length and bytes.
///
/// The writer always gives the same bytes for the same values; the reader checks every length and
/// that texts are UTF-8, so a damaged chunk is refused, never half-read.
public struct ChunkWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// A writer whose bytes start with `magic`.
    public init(magic: [UInt8], capacity: Int = 0) {
        bytes = magic
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written so far, in storage of exactly their size: for a chunk kept in memory after
    /// it is written.
    public var exactBytes: [UInt8] {
        guard bytes.capacity > bytes.count else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// Appends a non-negative number (a negative one is written as 0).
    public mutating func number(_ value: Int) {
        var rest = UInt(max(0, value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends `text`'s UTF-8 length and bytes.
    public mutating func text(_ text: Substring) {
        func append(_ utf8: UnsafeBufferPointer<UInt8>) {
            number(utf8.count)
            bytes.append(contentsOf: utf8)
        }
        // Read in place when contiguous (always, for a native string): no copy, no retain.
        if text.utf8.withContiguousStorageIfAvailable(append) == nil {
            var text = text
            text.withUTF8(append)
        }
    }

    /// Appends `text`'s UTF-8 length and bytes (read in place: no substring is made, which cost more
    /// than the bytes for the short texts most chunks hold).
    public mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            number(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends the UTF-8 length and bytes of `parts` joined by the ASCII `separator`: the bytes
    /// `text(parts.joined(separator:))` writes, without making the joined string.
    public mutating func text(joining parts: [String], separator: UInt8) {
        number(parts.reduce(max(0, parts.count - 1)) { $0 + $1.utf8.count })
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(separator) }
            var part = part
            part.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// Appends raw bytes (their length is the caller's to write).
    public mutating func raw(_ raw: some Collection<UInt8>) {
        bytes.append(contentsOf: raw)
    }
}

/// Reads what a ``ChunkWriter`` wrote; every read returns `nil` past the end or on a malformed value.
public struct ChunkReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// A reader of `bytes`, which must outlive it.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether every byte was read.
    public var isAtEnd: Bool { index == bytes.count }

    /// How many bytes were read.
    public var position: Int { index }

    /// Bytes not read yet.
    public var remaining: Int { bytes.count - index }

    /// Reads `magic` and returns whether it was there.
    public mutating func expect(_ magic: [UInt8]) -> Bool {
        guard let read = take(magic.count) else { return false }
        return read.elementsEqual(magic)
    }

    /// The next number.
    public mutating func number() -> Int? {
        var value = 0, shift = 0
        while index < bytes.count, shift < 63 {
            let byte = bytes[index]
            index += 1
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }

    /// The next `count` raw bytes.
    public mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8>.SubSequence? {
        guard count >= 0, count <= bytes.count - index else { return nil }
        defer { index += count }
        return bytes[index..<index + count]
    }

    /// The next text; `nil` when it is not UTF-8.
    public mutating func text() -> String? {
        guard let count = number(), let utf8 = take(count) else { return nil }
        return Self.validUTF8(UnsafeBufferPointer(rebasing: utf8))
    }

    /// The text `bytes` spell, or `nil` when they are not UTF-8. `String(validating:as:)` takes a generic
    /// path that looks up type metadata on every call (3 % of a cold build, decoding card sections);
    /// decoding with repairs is the specialised fast path, and the result is the input only when
    /// nothing was repaired.
    public static func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var text = String(decoding: bytes, as: UTF8.self)
        let isUnrepaired = text.utf8.count == bytes.count
            && text.withUTF8 { memcmp(UnsafeRawPointer($0.baseAddress!), UnsafeRawPointer(start), bytes.count) == 0 }
        return isUnrepaired ? text : nil
    }
}
