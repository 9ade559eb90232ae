import Diagnostics
import Foundation
import Hummingbird
import Logging
import NIOCore
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
        /// Whether the build failed while a newer change was waiting: its problems were not shown.
        public var wasSuperseded = false
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
    private var serverTask: Task<Void, Never>?
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
        // Hummingbird (on SwiftNIO) serves; its own logging is off, `log` says what happened.
        let responder = CallbackResponder<BasicRequestContext> { [weak self] request, _ in
            guard let self else { return Response(status: .serviceUnavailable) }
            return self.respond(to: request)
        }
        let (listening, signal) = AsyncStream<Result<Int, any Error>>.makeStream()
        let application = Application(responder: responder,
                                      configuration: ApplicationConfiguration(address: .hostname(try address(), port: Int(requestedPort)), serverName: nil),
                                      onServerRunning: { channel in signal.yield(.success(channel.localAddress?.port ?? 0)) },
                                      logger: Logger(label: "loupe-serve") { _ in SwiftLogNoOpLogHandler() })
        let task = Task {
            do { try await application.run() } catch { signal.yield(.failure(error)) }
            signal.finish()
        }
        var events = listening.makeAsyncIterator()
        let port: UInt16
        switch await events.next() {
        case .success(let number)?:
            port = UInt16(clamping: number)
        case .failure(let error)?:
            // The server's own error (address in use, permission).
            throw PreviewError.cannotListen(host: host, port: requestedPort, reason: Self.reason(error))
        case nil:
            throw PreviewError.cannotListen(host: host, port: requestedPort, reason: "the server stopped")
        }
        let watcher = FolderWatcher(folders: watched, excluding: [options.output]) { [weak self] in self?.changed() }
        watcher.start(forcePolling: forcePolling)
        lock.withLock {
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
        let (task, watcher) = lock.withLock { (self.serverTask, self.watcher) }
        watcher?.stop()
        hub.close()  // open event streams end, so the server's graceful shutdown does not wait for them
        if let task {
            task.cancel()
            // At most a second for open connections to finish.
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await task.value }
                group.addTask { try? await Task.sleep(for: .seconds(1)) }
                await group.next()
                group.cancelAll()
            }
        }
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
            } else if result.wasSuperseded {
                log("a file changed during the build; building again")
            } else {
                log("the build failed; the last good site stays served")
            }
        }
    }

    /// Whether open pages reload after the successful build `report`: when it changed a file of the site,
    /// or when the build before it had failed (its overlay goes). A deck saved again as it was (a large
    /// export is checked by its reader, not the fingerprint) makes a build that changes no file.
    static func reloads(after report: BuildReport, hadProblems: Bool) -> Bool {
        hadProblems || (!report.isUpToDate && report.changedFileCount > 0)
    }

    /// Builds the site, records the outcome and tells open pages.
    @discardableResult
    private func rebuild() -> Rebuild {
        let started = lock.withLock { changeNoticed } ?? ContinuousClock.now
        let report = SiteGenerator.build(options)
        // A failed build that a change made meanwhile has already superseded (a file read half-written)
        // is not shown: the next build, about to start, tells.
        let (hadProblems, superseded) = lock.withLock { () -> (Bool, Bool) in
            let had = !problems.isEmpty
            if !report.succeeded && pending { return (had, true) }
            problems = report.succeeded ? [] : Self.sorted(report.diagnostics)
            return (had, false)
        }
        if !superseded {
            for diagnostic in Self.sorted(report.diagnostics) { log(diagnostic.description) }
        }
        if report.succeeded {
            if Self.reloads(after: report, hadProblems: hadProblems) { hub.publish("reload", data: "\(report.pageCount) pages") }
        } else if !superseded {
            hub.publish("problems", data: "\(report.diagnostics.filter { $0.severity == .error }.count) errors")
        }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let result = Rebuild(report: report, milliseconds: milliseconds, wasSuperseded: superseded)
        lock.withLock {
            // A superseded build's successor is timed from the same first change.
            if !superseded { changeNoticed = nil }
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

    /// The host to listen on, checked to be an IPv4 or IPv6 address (`localhost` is 127.0.0.1).
    private func address() throws -> String {
        let name = host == "localhost" ? "127.0.0.1" : host
        var ip4 = in_addr(), ip6 = in6_addr()
        guard inet_pton(AF_INET, name, &ip4) == 1 || inet_pton(AF_INET6, name, &ip6) == 1 else { throw PreviewError.badHost(host) }
        return name
    }

    /// What went wrong when listening, in a few words.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }

    private func respond(to request: Request) -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed)
        }
        switch request.uri.path {
        case LiveReloadScript.eventsPath:
            let stream = hub.subscribe()
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: ResponseBody { writer in
                                // Each event is written as it happens (chunked transfer encoding).
                                for await chunk in stream { try await writer.write(ByteBuffer(bytes: chunk)) }
                                try await writer.finish(nil)
                            })
        case LiveReloadScript.scriptPath:
            return Self.response(.ok, type: "text/javascript; charset=utf-8", body: Array(LiveReloadScript.script.utf8), for: request)
        case "/__loupe/problems":
            let text = currentProblems.map { $0.description + "\n" }.joined()
            return Self.response(.ok, type: "text/plain; charset=utf-8", body: Array(text.utf8), for: request)
        default:
            return file(for: request)
        }
    }

    /// The site's file at the request's path, with the reload script (and the overlay) in a page.
    private func file(for request: Request) -> Response {
        // The path as sent, then decoded (a file name may hold a space or other escaped characters).
        let sent = request.uri.path
        let path = sent.removingPercentEncoding ?? sent
        // No offline worker in serve mode: it would serve cached pages instead of the rebuilt ones.
        if path == "/sw.js" { return Response(status: .notFound) }
        if files.needsSlash(path) {
            return Response(status: .movedPermanently, headers: [.location: sent + "/"])
        }
        let problems = currentProblems
        guard let url = files.file(for: path), let data = FileManager.default.contents(atPath: url.path) else {
            let page = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>"
                + "<body><p>Nothing at this address in the site.</p></body></html>"
            return Self.response(.notFound, type: "text/html; charset=utf-8",
                                 body: Array(LiveReloadScript.inject(into: page, problems: problems).utf8), for: request)
        }
        let type = SiteFiles.contentType(for: url)
        guard type.hasPrefix("text/html") else { return Self.response(.ok, type: type, body: Array(data), for: request) }
        let page = LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self), problems: problems)
        return Self.response(.ok, type: type, body: Array(page.utf8), for: request)
    }

    /// A response of `body`, never cached (every rebuild changes pages); for `HEAD`, its headers (the
    /// length included) without it.
    private static func response(_ status: HTTPResponse.Status, type: String, body: [UInt8], for request: Request) -> Response {
        guard request.method == .head else {
            return Response(status: status, headers: [.contentType: type, .cacheControl: "no-store"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        return Response(status: status, headers: [.contentType: type, .cacheControl: "no-store", .contentLength: String(body.count)], body: ResponseBody())
    }
}
