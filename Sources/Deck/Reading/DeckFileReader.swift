import Diagnostics
import Dispatch
import Foundation

/// Reads and decodes one deck export.
///
/// A large UTF-16 export (Excel's "Unicode Text", known by its byte-order mark or `--deck-encoding`) is
/// transcoded while it is read, a chunk at a time, in two halves on two cores: its bytes are never all
/// in memory beside the text. At 100,000 cards the 366 MB file and its 183 MB of text together were the
/// peak of a build. Any other export is read whole and decoded by ``DeckDecoder``.
enum DeckFileReader {
    /// Exports up to this size are read whole (their bytes cost little, and one read is simplest).
    static let streamingAbove = 64 << 20
    /// The bytes read at a time while streaming.
    static let chunkBytes = 8 << 20

    /// The decoded text of the export at `url` and its size in bytes, or `nil` (then `log` says why).
    static func decode(_ url: URL, in folder: ContentFolder, display: String, forced: DeckEncoding?, log: inout DiagnosticLog,
                       streamingAbove: Int = streamingAbove, chunkBytes: Int = chunkBytes) -> (DeckDecoder.Decoded, Int)? {
        folder.withOpenFile(url, display: display, log: &log) { descriptor, size, log -> (DeckDecoder.Decoded, Int)? in
            if size > streamingAbove, let (encoding, start) = utf16Start(of: descriptor, forced: forced) {
                let (text, failure) = utf16Text(of: descriptor, from: start, to: size, littleEndian: encoding == .utf16LE, chunkBytes: chunkBytes)
                guard failure == 0 else {
                    log.error("cannot read this file (\(String(cString: strerror(failure)))); check that it is readable", at: SourceLocation(path: display))
                    return nil
                }
                return (DeckDecoder.Decoded(text: text, encoding: encoding, textStart: start), size)
            }
            guard let bytes = ContentFolder.readAll(descriptor, size: size, display: display, log: &log) else { return nil }
            let decoded = bytes.isEmpty ? DeckDecoder.Decoded(text: "", encoding: .utf8) : DeckDecoder.decode(bytes, forced: forced)
            return (decoded, bytes.count)
        } ?? nil
    }

    /// The UTF-16 byte order of the file and where its text starts (after a byte-order mark), when it
    /// is UTF-16 by its mark or by `forced`; `nil` otherwise.
    static func utf16Start(of descriptor: Int32, forced: DeckEncoding?) -> (DeckEncoding, Int)? {
        var mark: [UInt8] = [0, 0]
        let read = pread(descriptor, &mark, 2, 0)
        let hasLE = read == 2 && mark == [0xFF, 0xFE], hasBE = read == 2 && mark == [0xFE, 0xFF]
        switch forced {
        case .utf16LE?: return (.utf16LE, hasLE ? 2 : 0)
        case .utf16BE?: return (.utf16BE, hasBE ? 2 : 0)
        case nil where hasLE: return (.utf16LE, 2)
        case nil where hasBE: return (.utf16BE, 2)
        default: return nil
        }
    }

    /// The text of the UTF-16 bytes `start..<end` of the file, read `chunkBytes` at a time; over two
    /// chunks, in two halves on two cores (the second never starts on a low surrogate, so no pair is
    /// cut: the text is the one-pass text, as in ``DeckDecoder``). `failure` is the `errno` of a failed
    /// read, else 0.
    static func utf16Text(of descriptor: Int32, from start: Int, to end: Int, littleEndian: Bool,
                          chunkBytes: Int) -> (text: String, failure: Int32) {
        let units = (end - start) / 2
        guard end - start > 2 * chunkBytes, units >= 2 else {
            return utf16Half(of: descriptor, from: start, to: end, littleEndian: littleEndian, chunkBytes: chunkBytes)
        }
        var split = start + 2 * (units / 2)
        var unit: [UInt8] = [0, 0]
        if pread(descriptor, &unit, 2, off_t(split)) == 2 {
            let value = littleEndian ? UInt16(unit[0]) | UInt16(unit[1]) << 8 : UInt16(unit[0]) << 8 | UInt16(unit[1])
            if (0xDC00...0xDFFF).contains(value) { split += 2 }
        }
        let middle = split
        var halves: [(text: String, failure: Int32)] = [("", 0), ("", 0)]
        halves.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                slots[half] = utf16Half(of: descriptor, from: half == 0 ? start : middle, to: half == 0 ? middle : end,
                                        littleEndian: littleEndian, chunkBytes: chunkBytes)
            }
        }
        guard halves[0].failure == 0, halves[1].failure == 0 else { return ("", max(halves[0].failure, halves[1].failure)) }
        var text = halves[0].text
        let second = halves[1].text
        halves = []
        text.append(second)
        return (text, 0)
    }

    /// The text of the UTF-16 bytes `start..<end`, read and transcoded a chunk at a time into the
    /// string's storage, and the `errno` of a failed read (else 0). A file that ends early gives what
    /// it holds.
    private static func utf16Half(of descriptor: Int32, from start: Int, to end: Int, littleEndian: Bool,
                                  chunkBytes: Int) -> (text: String, failure: Int32) {
        var failure: Int32 = 0
        // At most three UTF-8 bytes per UTF-16 unit, as in the whole-file transcoding.
        let text = String(unsafeUninitializedCapacity: max(3 * ((end - start) / 2), 1)) { out -> Int in
            // A chunk, plus up to three bytes carried from the one before (an odd byte, a high surrogate).
            var chunk = [UInt8](repeating: 0, count: chunkBytes + 4)
            return chunk.withUnsafeMutableBufferPointer { chunk -> Int in
                var written = 0, carried = 0, offset = start
                while true {
                    let wanted = min(chunkBytes, end - offset)
                    var got = 0
                    while got < wanted {
                        let count = pread(descriptor, chunk.baseAddress! + carried + got, wanted - got, off_t(offset + got))
                        if count < 0 && errno == EINTR { continue }
                        if count < 0 { failure = errno; return written }
                        if count == 0 { break }
                        got += count
                    }
                    offset += got
                    let isLast = offset >= end || got < wanted
                    let available = carried + got
                    let (now, consumed) = DeckDecoder.transcode(UnsafeBufferPointer(rebasing: chunk[0..<available]),
                                                                littleEndian: littleEndian, into: out, at: written, isLast: isLast)
                    written = now
                    if isLast { return written }
                    carried = available - consumed
                    if carried > 0 { memmove(chunk.baseAddress!, chunk.baseAddress! + consumed, carried) }
                }
            }
        }
        return (text, failure)
    }
}
