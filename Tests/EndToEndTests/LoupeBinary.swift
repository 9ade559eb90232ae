import Foundation
import Testing
import TestSupport

/// Runs the built `loupe` executable, as a user would.
struct LoupeBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/data` beside the package, when present.
    static var sharedData: URL? { SharedData.folder() }

    /// The executable: `$LOUPE_BIN`, else the newest `.build*/debug/loupe` in the package.
    static var executable: URL? {
        if let path = ProcessInfo.processInfo.environment["LOUPE_BIN"], FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path)) ?? []
        let candidates = names.filter { $0.hasPrefix(".build") }.flatMap { build in
            ["debug", "release"].map { packageRoot.appendingPathComponent(build).appendingPathComponent($0).appendingPathComponent("loupe") }
        }.filter { FileManager.default.isExecutableFile(atPath: $0.path) }
        return candidates.max { modified($0) < modified($1) }
    }

    static func modified(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }

    static func run(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]) throws -> Run {
        let binary = try #require(executable, "build the loupe executable first (swift build --product loupe)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder, removed when the tests end.
    static func temporaryFolder(_ name: String = "e2e") throws -> URL {
        try TemporaryFolder.make(name)
    }

    /// Every file under `folder` with its bytes, keyed by relative path.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
        for case let relative as String in enumerator {
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    /// Writes a content folder with a deck file of `deckText` (and optional extra files).
    static func content(deck deckText: String, extra: [String: String] = [:]) throws -> URL {
        let root = try temporaryFolder("content")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("deck"), withIntermediateDirectories: true)
        try Data(deckText.utf8).write(to: root.appendingPathComponent("deck/deck.tsv"))
        for (path, text) in extra {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }
}
