import Diagnostics
import FlyingFox
import FlyingSocks
import Foundation
import SiteBuilder

/// `loupe serve`: builds the site, serves it over HTTP, rebuilds when the content or templates
/// change and makes open pages reload by themselves.
///
/// Pages get a small script (only here, never in a built site) that listens to Server-Sent Events
/// on `/__loupe/events`: `reload` after a successful build, `problems` after a failed one. After a
/// failure the last good site stays served, with an overlay listing every problem as
/// `path:line:column: error: message`.
public final class PreviewServer: @unchecked Sendable {
    /// What one rebuild did.
    public struct Rebuild: Sendable {
        /// The build's report.
        public var report: BuildReport
        /// Milliseconds from the first change noticed to the reload event sent.
        public var milliseconds: Double
    }

    private let options: BuildOptions
    private let host: String
    private let requestedPort: UInt16
    private let watched: [URL]
    private let log: @Sendable (String) -> Void
    private let hub = ReloadHub()
    private let files: SiteFiles
    private let lock = NSLock()
    private let builds = DispatchQueue(label: "loupe-serve-build")
    private var problems: [Diagnostic] = []
    private var pending = false
    private var scheduled = false
    private var changeNoticed: ContinuousClock.Instant?
    private var server: HTTPServer?
    private var serverTask: Task<Void, any Error>?
    private var watcher: FolderWatcher?
    private var rebuilds: [Rebuild] = []
    private let forcePolling: Bool

    /// A server for `options` (its `output` is the folder served) on `host`:`port` (0: any free
    /// port), watching `watching` (the content and templates folders). `log` receives one line per
    /// event (build results, diagnostics).
    public init(options: BuildOptions, host: String = "127.0.0.1", port: UInt16 = 1313, watching: [URL],
                forcePolling: Bool = false, log: @escaping @Sendable (String) -> Void = { _ in }) {
        var options = options
        options.progress = nil
        options.memory = BuildMemory()  // each rebuild redoes only the rows and search chunks an edit touched
        self.options = options
        self.host = host
        self.requestedPort = port
        self.watched = watching
        self.forcePolling = forcePolling
        self.log = log
        self.files = SiteFiles(root: options.output)
    }

    /// Builds once, starts listening and watching; returns the port listened on.
    public func start() async throws -> UInt16 {
        let first = rebuild()
        log(first.report.succeeded ? "built \(first.report.pageCount) pages" : "the build failed; fix the problems above, the page reloads by itself")
        // Handlers only read a file, but on a busy machine (a build hogging every core) a request may wait
        // for a thread; FlyingFox's default 15 s handler timeout would then answer 500.
        let server = HTTPServer(config: HTTPServer.Configuration(address: try address(), timeout: 120, logger: .disabled))
        await addRoutes(to: server)
        let task = Task { try await server.run() }
        do { try await server.waitUntilListening(timeout: 30) } catch {
            // The server task's own error (address in use, permission) says more than the timeout.
            task.cancel()
            var reason = "\(error)"
            if case .failure(let failure) = await task.result { reason = "\(failure)" }
            throw PreviewError.cannotListen(host: host, port: requestedPort, reason: reason)
        }
        var port = requestedPort
        if case .ip4(_, let actual)? = await server.listeningAddress { port = actual }
        if case .ip6(_, let actual)? = await server.listeningAddress { port = actual }
        let watcher = FolderWatcher(folders: watched, excluding: [options.output]) { [weak self] in self?.changed() }
        watcher.start(forcePolling: forcePolling)
        lock.withLock {
            self.server = server
            self.serverTask = task
            self.watcher = watcher
        }
        return port
    }

    /// Serves until the task is cancelled, then stops.
    public func run() async throws {
        _ = try await start()
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        await stop()
    }

    /// Stops watching and serving; open event streams end.
    public func stop() async {
        let (server, task, watcher) = lock.withLock { (self.server, self.serverTask, self.watcher) }
        watcher?.stop()
        hub.close()
        await server?.stop(timeout: 1)
        task?.cancel()
        builds.sync {}
    }

    /// The watcher's mechanism (`inotify` or `polling`), once started.
    public var watchMechanism: String { lock.withLock { watcher?.mechanism.rawValue ?? "" } }

    /// Every rebuild so far, oldest first (the first build included).
    public var history: [Rebuild] { lock.withLock { rebuilds } }

    /// The diagnostics of the last failed build, or none after a successful one.
    public var currentProblems: [Diagnostic] { lock.withLock { problems } }

    /// `html` (a page) as served after a failed build with `problems`: the overlay and the script added.
    public static func overlayPreview(for problems: [Diagnostic], html: String = "<html><body></body></html>") -> String {
        LiveReloadScript.inject(into: html, problems: problems)
    }

    // MARK: Building

    /// Called by the watcher: schedules one rebuild after a short quiet period.
    private func changed() {
        let schedule = lock.withLock { () -> Bool in
            pending = true
            if changeNoticed == nil { changeNoticed = ContinuousClock.now }
            if scheduled { return false }
            scheduled = true
            return true
        }
        guard schedule else { return }
        builds.asyncAfter(deadline: .now() + .milliseconds(30)) { [weak self] in self?.drain() }
    }

    private func drain() {
        while lock.withLock({ () -> Bool in let again = pending; pending = false; if !again { scheduled = false }; return again }) {
            let result = rebuild()
            if result.report.succeeded {
                log(String(format: "rebuilt in %.0f ms (%d pages)", result.milliseconds, result.report.pageCount))
            } else {
                log("the build failed; the last good site stays served")
            }
        }
    }

    /// Builds the site, records the outcome and tells open pages.
    @discardableResult
    private func rebuild() -> Rebuild {
        let started = lock.withLock { changeNoticed } ?? ContinuousClock.now
        let report = SiteGenerator.build(options)
        let hadProblems = lock.withLock { () -> Bool in
            let had = !problems.isEmpty
            problems = report.succeeded ? [] : Self.sorted(report.diagnostics)
            return had
        }
        for diagnostic in Self.sorted(report.diagnostics) { log(diagnostic.description) }
        if report.succeeded {
            if !report.isUpToDate || hadProblems { hub.publish("reload", data: "\(report.pageCount) pages") }
        } else {
            hub.publish("problems", data: "\(report.diagnostics.filter { $0.severity == .error }.count) errors")
        }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let result = Rebuild(report: report, milliseconds: milliseconds)
        lock.withLock {
            changeNoticed = nil
            rebuilds.append(result)
        }
        return result
    }

    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            if a.location.path != b.location.path { return a.location.path < b.location.path }
            if (a.location.line ?? 0) != (b.location.line ?? 0) { return (a.location.line ?? 0) < (b.location.line ?? 0) }
            return (a.location.column ?? 0) < (b.location.column ?? 0)
        }
    }

    // MARK: Serving

    private func address() throws -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        do {
            if name.contains(":") { return try sockaddr_in6.inet6(ip6: name, port: requestedPort) }
            return try sockaddr_in.inet(ip4: name, port: requestedPort)
        } catch {
            throw PreviewError.badHost(host)
        }
    }

    private func addRoutes(to server: HTTPServer) async {
        let hub = self.hub
        await server.appendRoute(HTTPRoute("GET " + LiveReloadScript.eventsPath)) { _ in
            HTTPResponse(statusCode: .ok,
                         headers: HTTPHeaders([.contentType: "text/event-stream", .cacheControl: "no-store"]),
                         body: HTTPBodySequence(from: EventBytes(chunks: hub.subscribe())))
        }
        await server.appendRoute(HTTPRoute("GET " + LiveReloadScript.scriptPath)) { _ in
            HTTPResponse(statusCode: .ok,
                         headers: HTTPHeaders([.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"]),
                         body: Data(LiveReloadScript.script.utf8))
        }
        await server.appendRoute("GET /__loupe/problems") { [weak self] _ in
            let text = (self?.currentProblems ?? []).map { $0.description + "\n" }.joined()
            return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]),
                                body: Data(text.utf8))
        }
        await server.appendRoute("*") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return self.respond(to: request)
        }
    }

    private func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed)
        }
        // The path as sent (request.path is standardised, which drops a trailing slash).
        let path = request.target.path(percentEncoded: false)
        // No offline worker in serve mode: it would serve cached pages instead of the rebuilt ones.
        if path == "/sw.js" { return HTTPResponse(statusCode: .notFound) }
        if files.needsSlash(path) {
            return HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: path + "/"]))
        }
        let problems = currentProblems
        guard let url = files.file(for: path), let data = FileManager.default.contents(atPath: url.path) else {
            let page = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>"
                + "<body><p>Nothing at this address in the site.</p></body></html>"
            return HTTPResponse(statusCode: .notFound,
                                headers: HTTPHeaders([.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]),
                                body: Data(LiveReloadScript.inject(into: page, problems: problems).utf8))
        }
        let type = SiteFiles.contentType(for: url)
        var body = data
        if type.hasPrefix("text/html") {
            body = Data(LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self), problems: problems).utf8)
        }
        return HTTPResponse(statusCode: .ok, headers: HTTPHeaders([.contentType: type, .cacheControl: "no-store"]),
                            body: request.method == .HEAD ? Data() : body)
    }
}
