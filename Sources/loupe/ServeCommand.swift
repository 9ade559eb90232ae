import ArgumentParser
import Foundation
import LoupeKit
import Synchronization

/// `loupe serve`: build, serve on loopback, rebuild on change, reload open pages.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it, and rebuild and reload open pages whenever the content or templates change.",
        discussion: """
        Serves on 127.0.0.1 only, unless --host widens it deliberately (0.0.0.0 lets other machines in). \
        A failed build keeps the last good site served and shows the problems over every page.
        """)

    @OptionGroup var options: SiteOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 1313

    @Flag(help: "Watch by polling instead of inotify.")
    var poll = false

    func run() async throws {
        // Until interrupted: SIGINT/SIGTERM stop the server, then the process ends. Before the first
        // build is done nothing is served yet, and that build may take a minute (session PDFs, a large
        // deck): stop at once. A build stopped at any instant leaves the previous site or the new one,
        // and the next build removes its staging folder (docs/architecture.md, "The output rules").
        let serving = ServingState()
        let stop = AsyncStream<Void> { continuation in
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    guard serving.hasStarted else {
                        FileHandle.standardError.write(Data("stopped before the first build finished\n".utf8))
                        // `_exit`, not `exit`: the build is still running on other threads, and `exit`'s
                        // clean-up (static destructors, atexit handlers) under them had crashed the process.
                        _exit(128 + signalNumber)
                    }
                    continuation.yield()
                }
                source.resume()
                SignalSources.keep(source)
            }
        }
        let quiet = options.quiet, out = options.out
        let request = ServeRequest(build: options.buildOptions(), host: host, port: port, forcePolling: poll)
        do {
            try await Loupe.serve(request, until: stop, log: { line in
                if !quiet || line.contains(": error: ") {
                    FileHandle.standardError.write(Data((line + "\n").utf8))
                }
            }, started: { started in
                serving.markStarted()
                FileHandle.standardError.write(Data("serving \(out) at \(started.address) (watching with \(started.watchMechanism); Ctrl-C stops)\n".utf8))
            })
        } catch let error as PreviewError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}

/// Whether `loupe serve` has finished its first build and is serving.
final class ServingState: Sendable {
    private let started = Atomic<Bool>(false)
    var hasStarted: Bool { started.load(ordering: .acquiring) }
    func markStarted() { started.store(true, ordering: .releasing) }
}

/// Keeps the signal sources alive for the life of the process.
enum SignalSources {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    static func keep(_ source: any DispatchSourceSignal) { sources.append(source) }
}
