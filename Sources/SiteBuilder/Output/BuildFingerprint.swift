import Diagnostics
import Foundation

/// Lets `loupe build` skip work when nothing changed: a fingerprint of every input byte (content,
/// templates, options and the loupe executable itself) is stored with the site in
/// `.loupe/build.json`, together with the list of files written and the diagnostics reported. A
/// later build with the same fingerprint, whose previous output is still intact, reports the same
/// diagnostics and leaves the site as it is.
struct BuildFingerprint: Codable, Equatable {
    /// Where the manifest lives inside the output folder.
    static let manifestPath = ".loupe/build.json"

    var fingerprint: String
    var pageCount: Int
    /// Every file of the site with its size in bytes.
    var files: [String: Int]
    var diagnostics: [Diagnostic]

    /// Fingerprints the inputs of a build.
    static func fingerprint(of options: BuildOptions) -> String {
        var hash = FNV1a()
        hash.add("loupe-build-1|sessions=\(options.includeSessions)|encoding=\(options.deckEncoding?.rawValue ?? "auto")|")
        hash.add("paper=\(options.sessionPaper ?? "")|")
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            hash.add("exe=\(executable)|\(attributes[.size] ?? 0)|\(attributes[.modificationDate] ?? "")|")
        } else {
            hash.add("exe=\(CommandLine.arguments.first ?? "")|\(Date().timeIntervalSince1970)|") // unknown: never reuse
        }
        for (label, folder) in [("content", options.content), ("templates", options.templates)] {
            hash.add("[\(label)]")
            let used = label == "content" ? usedContent : nil
            for (relative, url) in files(under: folder, only: used) {
                guard let size = hash.addFile(at: url.path) else { continue }
                hash.add("|\(relative)|\(size)|")
            }
        }
        return hash.hex
    }

    /// The entries of the content folder a build reads; anything else (a video, a backup folder)
    /// cannot change the site and is not read.
    static let usedContent: Set<String> = ["loupe.yml", "about.md", "deck", "breeds", "notes", "progress", "outlines", "sessions"]

    /// Regular files under `folder` (a symlinked folder is fine), sorted by relative path, listed with
    /// the readers' link rule (``ContentFolder``); with `only`, just those top-level entries.
    static func files(under folder: URL, only: Set<String>? = nil) -> [(String, URL)] {
        let content = ContentFolder(root: folder)
        var ignored = DiagnosticLog()  // the readers report refused links
        var result: [(String, URL)] = []
        for entry in content.entries(of: folder, display: "", log: &ignored) where only?.contains(entry.name) ?? true {
            if entry.isDirectory {
                for file in content.files(under: entry.url, display: "", log: &ignored) {
                    result.append((entry.name + "/" + file.name, file.url))
                }
            } else {
                result.append((entry.name, entry.url))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The manifest of an existing site, if it matches `fingerprint` and every file it lists is
    /// still there with its size.
    static func reusable(at output: URL, fingerprint: String) -> BuildFingerprint? {
        let file = output.appendingPathComponent(manifestPath)
        guard let data = FileManager.default.contents(atPath: file.path),
              let manifest = try? JSONDecoder().decode(BuildFingerprint.self, from: data),
              manifest.fingerprint == fingerprint else { return nil }
        for (path, size) in manifest.files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
            guard let actual = attributes?[.size] as? Int, actual == size else { return nil }
        }
        return manifest
    }

    /// Lists the staged site's files and writes the manifest into it.
    static func record(in output: StagedOutput, fingerprint: String, pageCount: Int, diagnostics: [Diagnostic]) {
        let sizes = output.writtenSizes
        let manifest = BuildFingerprint(fingerprint: fingerprint, pageCount: pageCount, files: sizes, diagnostics: diagnostics)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let data = try? encoder.encode(manifest) {
            try? output.write(data + Data("\n".utf8), to: manifestPath)
        }
    }
}

/// 64-bit FNV-1a, twice with different offsets for a 128-bit change detector (not cryptographic).
struct FNV1a {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x84222325_cbf29ce4
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ text: String) { add(Data(text.utf8)) }

    /// Mixes in the bytes of the file at `path`, read 1 MiB at a time (a 2 GB video never sits in
    /// memory); returns its size, or `nil` when it cannot be opened.
    mutating func addFile(at path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var size = 0
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            add(chunk)
            size += chunk.count
        }
        return size
    }

    /// Mixes 8 bytes at a time (then the tail byte by byte): fast enough to fingerprint a large deck
    /// in a few milliseconds.
    mutating func add(_ data: Data) {
        var a = self.a, b = self.b
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                a = (a ^ word) &* Self.prime
                a ^= a >> 29
                b = (b ^ (word &+ 0x9E37_79B9_7F4A_7C15)) &* Self.prime
                b ^= b >> 31
            }
            for byte in raw[(words * 8)...] {
                a = (a ^ UInt64(byte)) &* Self.prime
                b = (b ^ UInt64(byte ^ 0x5A)) &* Self.prime
            }
        }
        self.a = a
        self.b = b
    }

    var hex: String { String(a, radix: 16) + String(b, radix: 16) }
}
