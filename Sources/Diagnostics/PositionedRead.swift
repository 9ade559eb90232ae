import Foundation

/// Reading a file's bytes at a given offset with `pread`, which leaves the descriptor's position alone,
/// so several threads can read one open file at once.
public enum PositionedRead {
    /// Fills `buffer` with the bytes of `descriptor` from `offset` on; `false` when they end or a read
    /// fails first (a file cut short while it is read comes up short instead of trapping).
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return false }
            done += got
        }
        return true
    }
}
