import Deck
import Diagnostics
import Foundation
import Synchronization
import SessionPDF

/// The build manifest, `.loupe/manifest` in the output folder: fingerprints of the inputs, every
/// file of the site with its size, hash and (for pages) input digest, and the diagnostics reported.
///
/// The first line is a JSON object (format, fingerprints, page count, diagnostics); every further
/// line is one file, `size TAB hash TAB digest TAB path` (``appendFileLine(_:_:to:)``). Reading 13,000 file
/// records this way takes milliseconds; as JSON objects through `JSONDecoder` it took a third of a
/// build with nothing changed.
///
/// - The **fingerprint** covers every input byte (content, templates, options and the loupe
///   executable). A later build with the same fingerprint, whose files are all still there with
///   their sizes, reports the same diagnostics and leaves the site as it is.
/// - The **engine** fingerprint covers everything but the content's data files: the executable,
///   options, templates and `loupe.yml`. A later build with the same engine updates the site in place
///   (``IncrementalOutput``): a page is rendered only when its digest differs from the recorded one,
///   any other file is rewritten only when its bytes differ. A different engine means a full build.
struct BuildFingerprint: Equatable {
    /// Where the manifest lives inside the output folder.
    static let manifestPath = ".loupe/manifest"
    /// The manifest format; a different one is never reused.
    static let format = 3

    var format = Self.format
    var fingerprint: String
    var engine: String
    var pageCount: Int
    /// Every file of the site, by site-relative path.
    var files: [String: WrittenFile]
    var diagnostics: [Diagnostic]

    /// The hash of each input file's bytes by the file's identity on disk (`FileIdentity`, named
    /// relative to its folder so the manifest never holds the machine's paths), so the next build
    /// reads only the files that changed.
    var inputHashes: [String: String] = [:]

    /// The two fingerprints of a build's inputs, and the input file hashes they were made from.
    struct Inputs {
        var engine: String
        var all: String
        var hashes: [String: String]
    }

    /// Fingerprints the inputs of a build. A file whose identity on disk is in `known` is not read:
    /// its recorded hash is used (any write to a file changes its change time, so its identity). Nor is
    /// a file whose identity settled more than two seconds ago and was never seen: its identity stands
    /// for its bytes, so an edited deck is read once, by its reader, and a file only touched costs an
    /// update that changes nothing. A file changed in the last two seconds may change again within its
    /// timestamps' resolution without a new identity: it is read, and recorded as ``unsettled``, so the
    /// next build reads it again rather than trust its identity (then, unchanged, it is up to date).
    /// A large deck export (``BuildOptions/selfCheckedExportBytes``) is never read here, saved just now or
    /// not: its reader checks every block of it against the row snapshot in any build that goes on, so
    /// its identity stands for it, and while it is unsettled the fingerprint never matches (an edit
    /// build had hashed the 36 MB export of 10,000 cards whole, then its reader hashed it again).
    static func fingerprint(of options: BuildOptions, known: [String: String] = [:], now: Date = Date()) -> Inputs {
        var hash = FNV1a()
        var engine = ""
        var hashes: [String: String] = [:]
        hash.add("loupe-build-\(format)|sessions=\(options.includeSessions)|encoding=\(options.deckEncoding?.rawValue ?? "auto")|")
        hash.add("paper=\(options.sessionPaper ?? "")|")
        if let executable = executableIdentity() {
            hash.add(executable)
        } else {
            hash.add("exe=\(CommandLine.arguments.first ?? "")|\(Date().timeIntervalSince1970)|") // unknown: never reuse
        }
        for (label, folder, used) in [("templates", options.templates, nil), ("settings", options.content, engineContent),
                                      ("content", options.content, usedContent.subtracting(engineContent))] {
            hash.add("[\(label)]")
            for (relative, url) in files(under: folder, only: used) {
                let identity = FileIdentity(path: url.path, name: label + "/" + relative)
                let fileHash: String
                let isSettled = identity.map { now.timeIntervalSince1970 - $0.changed > 2 } ?? false
                let recorded = identity.flatMap { known[$0.key] }
                let checksItself = label == "content" && (identity?.size ?? 0) >= options.selfCheckedExportBytes && isDeckExport(relative)
                if let recorded, !recorded.hasPrefix(unsettled) {
                    fileHash = recorded
                } else if let identity, (isSettled && recorded == nil) || checksItself {
                    var surrogate = FNV1a()
                    surrogate.add(identity.key)
                    fileHash = "identity:" + surrogate.hex
                    // Unread and just changed: a second save within its timestamps' resolution could keep
                    // its identity, so no later build may find the site up to date by it.
                    if !isSettled { hash.add("|unread \(identity.key) \(UInt64.random(in: .min ... .max))|") }
                } else {
                    var bytes = FNV1a()
                    guard let size = bytes.addFile(at: url.path) else { continue }
                    fileHash = "\(size):\(bytes.hex)"
                }
                if let identity { hashes[identity.key] = isSettled ? fileHash : unsettled + fileHash }
                hash.add("|\(relative)|\(fileHash)|")
            }
            if label == "settings" { engine = hash.hex }
        }
        // Session PDFs are only as current as the WeasyPrint that made them: a new one remakes them
        // (an incremental build, since pages do not depend on it).
        if options.includeSessions, FileManager.default.fileExists(atPath: options.content.appendingPathComponent("sessions").path) {
            hash.add("[pdf-engine]\(PDFEngine.identity(for: options) ?? "none")|")
        }
        return Inputs(engine: engine, all: hash.hex, hashes: hashes)
    }

    /// The running executable as the engine fingerprint knows it: its path, size and modification
    /// time (to the nanosecond), from one `stat` of `/proc/self/exe` (Foundation's file attributes looked
    /// up the owner's name too, and their `Any` values cost dynamic casts: a tenth of an unchanged build's
    /// own time); `nil` when it cannot be found.
    static func executableIdentity() -> String? {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return nil }
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return nil }
        let name = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "exe=\(name)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|"
    }

    /// Whether `relative` (inside the content folder) is a deck export (`deck/*.tsv`, `deck/*.txt`), which
    /// the deck reader reads whole or checks block by block against its row snapshot in every build that
    /// is not up to date.
    static func isDeckExport(_ relative: String) -> Bool {
        relative.hasPrefix("deck/") && !relative.dropFirst(5).contains("/") && DeckReader.isExportName(relative)
    }

    /// Marks a recorded hash whose file had changed less than two seconds before: not trusted by its identity.
    static let unsettled = "unsettled "

    /// The content entries that are part of the engine fingerprint.
    static let engineContent: Set<String> = ["loupe.yml"]

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

    /// The first line of the manifest.
    struct Header: Codable {
        var format: Int
        var fingerprint: String
        var engine: String
        var pageCount: Int
        var diagnostics: [Diagnostic]
        var inputHashes: [String: String]
        /// The folders' stamps a build with nothing changed recorded (``FolderStamps``); `nil`: none.
        var folders: [String: String]? = nil
    }

    /// A manifest from its bytes; `nil` when it is damaged or of another format.
    static func decoded(_ data: Data) -> BuildFingerprint? {
        guard let recorded = RecordedBuild(data), let files = recorded.files() else { return nil }
        return BuildFingerprint(fingerprint: recorded.fingerprint, engine: recorded.engine, pageCount: recorded.pageCount,
                                files: files, diagnostics: recorded.diagnostics, inputHashes: recorded.inputHashes)
    }

    /// Appends one file's line: `size TAB hash TAB digest TAB path` (an empty digest for files that are
    /// not pages; a backslash or line break in the path is written `\\` or `\n`). Bytes, not string
    /// interpolation: 13,000 lines that way were a serial 30 ms.
    static func appendFileLine(_ path: String, _ file: WrittenFile, to bytes: inout [UInt8]) {
        appendDecimal(file.size, to: &bytes)
        bytes.append(0x09)
        file.recordedHash.append(to: &bytes)
        bytes.append(0x09)
        file.recordedDigest?.append(to: &bytes)
        bytes.append(0x09)
        let isPlain = path.utf8.withContiguousStorageIfAvailable { path in
            !path.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") }
        } ?? false
        if isPlain {
            bytes.append(contentsOf: path.utf8)
            bytes.append(0x0A)
            return
        }
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x0A)
    }

    /// Appends the decimal digits of `value` (not negative) without making a string.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    static func parseFileLine(_ line: UnsafeBufferPointer<UInt8>) -> (String, WrittenFile)? {
        let tab = UInt8(ascii: "\t")
        guard let first = line.firstIndex(of: tab), let second = line[(first + 1)...].firstIndex(of: tab),
              let third = line[(second + 1)...].firstIndex(of: tab),
              let size = decimal(UnsafeBufferPointer(rebasing: line[..<first])) else { return nil }
        let hash = RecordedHex(utf8: UnsafeBufferPointer(rebasing: line[(first + 1)..<second]))
        let digest = second + 1 == third ? nil : RecordedHex(utf8: UnsafeBufferPointer(rebasing: line[(second + 1)..<third]))
        var path = String(decoding: line[(third + 1)...], as: UTF8.self)
        if line[(third + 1)...].contains(UInt8(ascii: "\\")) { path = unescape(path) }
        return (path, WrittenFile(size: size, hash: hash, digest: digest))
    }

    /// The value of 1 to 18 decimal digits, read without making a string.
    private static func decimal(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...18).contains(digits.count) else { return nil }
        var value = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func unescape(_ path: String) -> String {
        var result = ""
        var isEscaped = false
        for character in path {
            if isEscaped { result.append(character == "n" ? "\n" : character); isEscaped = false }
            else if character == "\\" { isEscaped = true }
            else { result.append(character) }
        }
        return result
    }

    /// The manifest as written into the site: the header line, then the files sorted by path.
    var encoded: Data { encoded(sortedPaths: files.keys.sorted()) }

    /// The manifest with `sortedPaths`, every path of ``files`` already sorted (``HashingOutput/paths``),
    /// as its file lines.
    func encoded(sortedPaths: [String]) -> Data {
        let header = Header(format: format, fingerprint: fingerprint, engine: engine, pageCount: pageCount,
                            diagnostics: diagnostics, inputHashes: inputHashes)
        let paths = sortedPaths.count == files.count ? sortedPaths : files.keys.sorted()
        return Self.manifest(header, fileLines: Self.fileLines(of: files, sortedPaths: paths))
    }

    /// The file lines of `files` in the order of `sortedPaths` (their paths, sorted), in one part per core
    /// (13,000 lookups and lines were the end of an edit build's critical path), joined in order.
    static func fileLines(of files: [String: WrittenFile], sortedPaths paths: [String]) -> [UInt8] {
        let partCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, paths.count / 2048))
        let parts = Array(0..<partCount).concurrentMap(part: 1) { part -> [UInt8] in
            let range = paths.count * part / partCount..<paths.count * (part + 1) / partCount
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count * 128)
            for path in paths[range] {
                guard let file = files[path] else { continue }
                Self.appendFileLine(path, file, to: &bytes)
            }
            return bytes
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { bytes += part }
        return bytes
    }

    /// The manifest of a build: `header`'s line, then `fileLines` (every file's line, sorted by path:
    /// ``HashingOutput/manifestLines``).
    static func manifest(_ header: Header, fileLines: [UInt8]) -> Data {
        var bytes = encodedHeader(header) ?? Data()
        bytes.append(contentsOf: fileLines)
        return bytes
    }

    /// The manifest's first line, with its line break.
    static func encodedHeader(_ header: Header) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard var data = try? encoder.encode(header) else { return nil }
        data.append(0x0A)
        return data
    }
}
