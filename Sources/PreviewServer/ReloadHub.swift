import Foundation

/// The open live-reload connections: each is a stream of Server-Sent Events bytes that
/// ``publish(_:data:)`` writes to.
final class ReloadHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]
    private var isClosed = false

    /// A new event stream; it opens with a comment so the browser sees the connection at once.
    func subscribe() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        continuation.yield(Array(": connected\nretry: 500\n\n".utf8))
        let added = lock.withLock { () -> Bool in
            guard !isClosed else { return false }
            subscribers[id] = continuation
            return true
        }
        if !added { continuation.finish() }
        return stream
    }

    /// Sends the event `name` with one line of `data` to every open connection.
    func publish(_ name: String, data: String) {
        let line = data.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        let bytes = Array("event: \(name)\ndata: \(line)\n\n".utf8)
        for continuation in lock.withLock({ Array(subscribers.values) }) {
            continuation.yield(bytes)
        }
    }

    /// The number of open connections.
    var count: Int { lock.withLock { subscribers.count } }

    /// Ends every stream; later subscribers get an already-ended stream.
    func close() {
        let all = lock.withLock { () -> [AsyncStream<[UInt8]>.Continuation] in
            isClosed = true
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        for continuation in all { continuation.finish() }
    }

    private func remove(_ id: UUID) {
        _ = lock.withLock { subscribers.removeValue(forKey: id) }
    }
}
