import Foundation

/// Turns finished standalone HTML session documents into PDF files with WeasyPrint (CSS paged media).
///
/// Documents are rendered in batches: one engine process per worker imports WeasyPrint once and renders
/// its share, and workers run in parallel when there are enough documents to pay for a second start.
/// Each document is rendered on its own, so the split never changes a byte of the output.
/// See docs/sessions.md ("PDF files") for why WeasyPrint.
public struct SessionPDFRenderer: Sendable {
    /// The paper every page is laid out on.
    public var paper: DocumentPaper
    /// The generator named in the footer and in the PDF's `/Creator`.
    public var generator: String
    /// The most engine processes run at once.
    public var maximumWorkers: Int
    /// Python interpreters to try, in order; the first that has WeasyPrint is used.
    public var interpreters: [String]

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - paper: A4 or Letter.
    ///   - environment: where `LOUPE_PYTHON` (a Python interpreter that has WeasyPrint) and `PATH` are read.
    public init(paper: DocumentPaper, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.paper = paper
        self.generator = LoupeVersion.generator
        self.maximumWorkers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
        if let python = environment["LOUPE_PYTHON"], !python.isEmpty {
            interpreters = [Self.resolve(python, path: environment["PATH"])]
        } else {
            interpreters = Self.uniqued([Self.resolve("python3", path: environment["PATH"]), "/usr/bin/python3"])
        }
    }

    /// One PDF per source, in order; a document that fails gives its own error, the others are still made.
    /// Throws when no document can be made at all (the engine is missing or cannot start).
    public func render(_ sources: [PDFSource]) throws(SessionPDFError) -> [Result<Data, SessionPDFError>] {
        guard !sources.isEmpty else { return [] }
        let python = try locateEngine()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-pdf-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let batches: [[Int]]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(WeasyPrintDriver.source.utf8).write(to: folder.appendingPathComponent("driver.py"))
            for (index, source) in sources.enumerated() {
                try Data(source.html.utf8).write(to: folder.appendingPathComponent("\(index).html"))
            }
            batches = Self.batches(sizes: sources.map(\.html.utf8.count), workers: workerCount(for: sources.count))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for (worker, batch) in batches.enumerated() {
                let jobs = batch.map { index in job(for: sources[index], index: index) }
                try encoder.encode(jobs).write(to: folder.appendingPathComponent("jobs-\(worker).json"))
            }
        } catch {
            throw .engineFailed("cannot prepare its work folder \(folder.path): \(error.localizedDescription)")
        }
        let statuses = try run(python: python, workers: batches.count, in: folder)
        if statuses.contains(WeasyPrintDriver.missingEngineStatus) { throw .engineMissing(tried: [python]) }
        var messages: [String: String] = [:]
        for worker in batches.indices {
            let lines = (try? String(contentsOf: folder.appendingPathComponent("out-\(worker).jsonl"), encoding: .utf8)) ?? ""
            for line in lines.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let pdf = object["pdf"] as? String else { continue }
                if let error = object["error"] as? String { messages[pdf] = error }
            }
        }
        var results: [Result<Data, SessionPDFError>] = []
        for (index, source) in sources.enumerated() {
            let name = "\(index).pdf"
            if let message = messages[name] {
                results.append(.failure(.documentFailed(id: source.id, message: message)))
            } else if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) {
                results.append(.success(data))
            } else {
                let worker = batches.firstIndex { $0.contains(index) } ?? 0
                results.append(.failure(.documentFailed(id: source.id, message: Self.stderrTail(folder, worker: worker))))
            }
        }
        return results
    }

    /// How many engine processes are worth starting: each start costs about as much as a few documents.
    func workerCount(for documents: Int) -> Int {
        max(1, min(maximumWorkers, documents / 6))
    }

    /// Splits documents among workers, largest first onto the least loaded, keeping each batch in order.
    static func batches(sizes: [Int], workers: Int) -> [[Int]] {
        var loads = Array(repeating: 0, count: max(1, workers))
        var batches = Array(repeating: [Int](), count: loads.count)
        for index in sizes.indices.sorted(by: { (sizes[$0], $1) > (sizes[$1], $0) }) {
            let worker = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) } ?? 0
            loads[worker] += sizes[index] + 4096
            batches[worker].append(index)
        }
        return batches.map { $0.sorted() }.filter { !$0.isEmpty }
    }

    private func job(for source: PDFSource, index: Int) -> [String: String] {
        [
            "html": "\(index).html", "pdf": "\(index).pdf",
            "css": PageStyle(paper: paper, documentID: source.id, generator: generator).css,
            "title": source.title, "subject": source.subject, "language": source.language, "generator": generator,
        ]
    }

    /// Which WeasyPrint would render: the first interpreter that has it, the package's version and the
    /// file it is imported from; `nil` when no interpreter has it. A PDF is only as current as its
    /// engine, so a build keeps an earlier PDF only when this is unchanged.
    public func engineIdentity() -> String? {
        for python in interpreters {
            guard let printed = Self.probe(python, WeasyPrintDriver.versionProbe) else { continue }
            return python + " " + printed.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }

    /// The first interpreter that has WeasyPrint.
    private func locateEngine() throws(SessionPDFError) -> String {
        guard let python = interpreters.first(where: { Self.probe($0, WeasyPrintDriver.probe) != nil }) else {
            throw .engineMissing(tried: interpreters)
        }
        return python
    }

    /// What `python -c script` printed when it exited 0; `nil` when it is not executable or failed.
    private static func probe(_ python: String, _ script: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let printed = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: printed, as: UTF8.self) : nil
    }

    /// Runs one driver per batch at once and returns their exit statuses.
    private func run(python: String, workers: Int, in folder: URL) throws(SessionPDFError) -> [Int32] {
        var processes: [Process] = []
        var handles: [FileHandle] = []
        defer { for handle in handles { try? handle.close() } }
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONHASHSEED"] = "0"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        for worker in 0..<workers {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [folder.appendingPathComponent("driver.py").path, folder.path, "jobs-\(worker).json"]
            process.environment = environment
            do {
                let out = try Self.createFile(folder.appendingPathComponent("out-\(worker).jsonl"))
                let err = try Self.createFile(folder.appendingPathComponent("err-\(worker).txt"))
                handles += [out, err]
                process.standardOutput = out
                process.standardError = err
                process.standardInput = FileHandle.nullDevice
                try process.run()
            } catch {
                for started in processes { started.waitUntilExit() }
                throw .engineFailed("cannot start \(python): \(error.localizedDescription)")
            }
            processes.append(process)
        }
        for process in processes { process.waitUntilExit() }
        return processes.map(\.terminationStatus)
    }

    private static func createFile(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return try FileHandle(forWritingTo: url)
    }

    /// The last lines the engine printed, for a document that gave no PDF and no message.
    private static func stderrTail(_ folder: URL, worker: Int) -> String {
        let text = (try? String(contentsOf: folder.appendingPathComponent("err-\(worker).txt"), encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n").suffix(3).joined(separator: " / ")
        return tail.isEmpty ? "the engine stopped without a message" : tail
    }

    /// `python3` → the first executable `python3` on `PATH`; a name with a `/` is used as given.
    static func resolve(_ name: String, path: String?) -> String {
        guard !name.contains("/") else { return name }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return name
    }

    private static func uniqued(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
