import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A test client for `/__loupe/events`: a plain TCP connection to 127.0.0.1 that sends one GET
/// and collects everything the server writes, so a test can wait for an event by name.
final class EventStreamClient {
    private let descriptor: Int32
    private(set) var received = ""

    init(port: UInt16, path: String = "/__loupe/events") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClientError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(descriptor); throw ClientError.connect }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
    }

    deinit { close(descriptor) }

    /// Reads until `text` has arrived (true) or `seconds` pass (false).
    func wait(for text: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text) {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(remaining, 0.2) * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return received.contains(text) }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return true
    }

    enum ClientError: Error { case socket, connect }
}
