import FlyingFox
import FlyingSocks
import Foundation

/// An `AsyncStream` of byte chunks as FlyingFox's buffered byte sequence, so a response body can
/// stay open and send each Server-Sent Event as it happens (chunked transfer encoding).
struct EventBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let chunks: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var chunks: AsyncStream<[UInt8]>.AsyncIterator
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            if pending.isEmpty { pending = await chunks.next() ?? [] }
            return pending.isEmpty ? nil : pending.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                guard let chunk = await chunks.next() else { return nil }
                pending = chunk
            }
            let size = Swift.max(1, Swift.min(count, pending.count))
            defer { pending.removeFirst(size) }
            return Array(pending.prefix(size))
        }
    }
}
