import Foundation

/// `Data` written through a reused 64 KB array: appending many small pieces (a manifest line, a path
/// of the service worker's list) straight to `Data` cost more than making them, and building the
/// whole file in an array first would copy it (19 MB of manifest at 100,000 cards) at the end.
struct BufferedData {
    private var data: Data
    private var buffer: [UInt8] = []
    private static let flushSize = (1 << 16) - 4096

    /// Appends to `data` (sized by the caller).
    init(_ data: Data) {
        self.data = data
        buffer.reserveCapacity(1 << 16)
    }

    /// Lets `write` append to the buffer, which goes into the data once it is nearly full.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&buffer)
        if buffer.count >= Self.flushSize {
            data.append(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// The data with everything appended.
    consuming func finished() -> Data {
        data.append(contentsOf: buffer)
        return data
    }
}
