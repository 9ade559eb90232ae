import Foundation

/// What `loupe serve` is asked to do.
public struct ServeRequest: Sendable {
    /// The build: content, templates, output folder (the folder served), options.
    public var build: BuildOptions
    /// The address to listen on.
    public var host: String
    /// The port to listen on (0: any free port).
    public var port: UInt16
    /// Whether to watch by polling instead of inotify.
    public var forcePolling: Bool

    /// Creates a request.
    public init(build: BuildOptions, host: String = "127.0.0.1", port: UInt16 = 1313, forcePolling: Bool = false) {
        self.build = build
        self.host = host
        self.port = port
        self.forcePolling = forcePolling
    }
}

/// A running `loupe serve`, as announced once it listens.
public struct ServeStarted: Sendable {
    /// The port listened on.
    public var port: UInt16
    /// How the folders are watched (`inotify` or `polling`).
    public var watchMechanism: String
    /// `http://host:port/` (an IPv6 host in brackets).
    public var address: String
}

extension Loupe {
    /// The folders `loupe serve` watches: the content folder, and the templates folder when it exists.
    public static func watchedFolders(for options: BuildOptions) -> [URL] {
        var watching = [options.content]
        if FileManager.default.fileExists(atPath: options.templates.path) { watching.append(options.templates) }
        return watching
    }

    /// `loupe serve`: builds, serves `request.build.output` and rebuilds on change until `stop` yields (or
    /// ends), then stops the server. `log` receives one line per event; `started` is called once listening.
    /// Throws when the server cannot start (a ``PreviewError`` for a port in use, say).
    public static func serve(_ request: ServeRequest, until stop: AsyncStream<Void>,
                             log: @escaping @Sendable (String) -> Void, started: (ServeStarted) -> Void) async throws {
        let server = PreviewServer(options: request.build, host: request.host, port: request.port,
                                   watching: watchedFolders(for: request.build), forcePolling: request.forcePolling, log: log)
        let port = try await server.start()
        let shown = request.host.contains(":") ? "[\(request.host)]" : request.host
        started(ServeStarted(port: port, watchMechanism: server.watchMechanism, address: "http://\(shown):\(port)/"))
        for await _ in stop { break }
        await server.stop()
    }
}
