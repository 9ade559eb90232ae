import Diagnostics
import Foundation

/// The build manifest, `.loupe/build.json` in the output folder: fingerprints of the inputs, every
/// file of the site with its size, hash and (for pages) input digest, and the diagnostics reported.
///
/// - The **fingerprint** covers every input byte (content, templates, options and the loupe
///   executable). A later build with the same fingerprint, whose files are all still there with
///   their sizes, reports the same diagnostics and leaves the site as it is.
/// - The **engine** fingerprint covers everything but the content's data files: the executable,
///   options, templates and `loupe.yml`. A later build with the same engine updates the site in place
///   (``IncrementalOutput``): a page is rendered only when its digest differs from the recorded one,
///   any other file is rewritten only when its bytes differ. A different engine means a full build.
struct BuildFingerprint: Codable, Equatable {
    /// Where the manifest lives inside the output folder.
    static let manifestPath = ".loupe/build.json"
    /// The manifest format; a different one is never reused.
    static let format = 2

    var format = Self.format
    var fingerprint: String
    var engine: String
    var pageCount: Int
    /// Every file of the site, by site-relative path.
    var files: [String: WrittenFile]
    var diagnostics: [Diagnostic]

    /// The two fingerprints of a build's inputs.
    struct Inputs {
        var engine: String
        var all: String
    }

    /// Fingerprints the inputs of a build.
    static func fingerprint(of options: BuildOptions) -> Inputs {
        var hash = FNV1a()
        var engine = ""
        hash.add("loupe-build-\(format)|sessions=\(options.includeSessions)|encoding=\(options.deckEncoding?.rawValue ?? "auto")|")
        hash.add("paper=\(options.sessionPaper ?? "")|")
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            hash.add("exe=\(executable)|\(attributes[.size] ?? 0)|\(attributes[.modificationDate] ?? "")|")
        } else {
            hash.add("exe=\(CommandLine.arguments.first ?? "")|\(Date().timeIntervalSince1970)|") // unknown: never reuse
        }
        for (label, folder, used) in [("templates", options.templates, nil), ("settings", options.content, engineContent),
                                      ("content", options.content, usedContent.subtracting(engineContent))] {
            hash.add("[\(label)]")
            for (relative, url) in files(under: folder, only: used) {
                guard let size = hash.addFile(at: url.path) else { continue }
                hash.add("|\(relative)|\(size)|")
            }
            if label == "settings" { engine = hash.hex }
        }
        return Inputs(engine: engine, all: hash.hex)
    }

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

    /// The manifest of an existing site (any fingerprint), if it can be read.
    static func previous(at output: URL) -> BuildFingerprint? {
        let file = output.appendingPathComponent(manifestPath)
        guard let data = FileManager.default.contents(atPath: file.path),
              let manifest = try? JSONDecoder().decode(BuildFingerprint.self, from: data),
              manifest.format == format else { return nil }
        return manifest
    }

    /// Whether every file this manifest lists is still there with its size.
    func isIntact(at output: URL) -> Bool {
        // Plain lstat: FileManager's attributes dictionary costs several times more per file.
        let root = output.path
        return files.allSatisfy { path, file in file.isPresent(at: root + "/" + path) }
    }

    /// The manifest as written into the site.
    var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
