/// Why `loupe serve` could not start.
public enum PreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--host` is not an IPv4 or IPv6 address (or `localhost`).
    case badHost(String)
    /// The server could not listen (port taken, permission).
    case cannotListen(host: String, port: UInt16, reason: String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .badHost(let host):
            return "error: --host \(host) is not an IPv4 or IPv6 address (use 127.0.0.1, ::1, 0.0.0.0 or localhost)"
        case .cannotListen(let host, let port, let reason):
            return "error: cannot listen on \(host):\(port): \(reason) (try another --port)"
        }
    }
}
