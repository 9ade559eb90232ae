import Diagnostics
import Foundation

/// Every breed read from `content/breeds/*.json`, with unique page slugs.
public struct BreedCatalog: Sendable, Equatable {
    /// The breeds sorted by species (cats first), then name, then slug.
    public let breeds: [Breed]

    /// The index page's path relative to the site root.
    public static let indexPath = "breeds/index.html"

    /// Creates a catalog from breeds whose slugs are already unique within their species.
    public init(breeds: [Breed]) {
        self.breeds = breeds.sorted { lhs, rhs in
            if lhs.species != rhs.species { return lhs.species < rhs.species }
            let order = lhs.name.localizedStandardCompare(rhs.name)
            if order != .orderedSame { return order == .orderedAscending }
            return lhs.slug < rhs.slug
        }
    }

    /// Reads every `*.json` file directly in `directory` (sorted by name; hidden files and sub-folders
    /// ignored). A missing folder gives an empty catalog: breeds are optional.
    ///
    /// - Parameters:
    ///   - directory: the breeds folder, e.g. `content/breeds`.
    ///   - displayPath: how to name the folder in diagnostics (defaults to the path relative to the
    ///     current directory when inside it).
    ///   - log: receives a warning per dropped field or skipped record, an error per unreadable file.
    public static func load(from directory: URL, displayPath: String? = nil, log: inout DiagnosticLog) -> BreedCatalog {
        // Links must stay inside the content folder holding `breeds/` (see ContentFolder).
        let content = ContentFolder(root: directory.deletingLastPathComponent())
        guard content.isDirectory(directory) else { return BreedCatalog(breeds: []) }
        var folderName = displayPath ?? relativeToCurrentDirectory(directory.path)
        while folderName.hasSuffix("/") { folderName.removeLast() }
        var files: [(displayPath: String, fileName: String, data: Data)] = []
        for entry in content.entries(of: directory, display: folderName, log: &log)
        where !entry.isDirectory && entry.name.lowercased().hasSuffix(".json") {
            if let data = content.read(entry.url, display: entry.display, log: &log) { files.append((entry.display, entry.name, data)) }
        }
        return load(files: files.map { ($0.displayPath, $0.fileName, $0.data) }, log: &log)
    }

    /// Reads breed files already in memory, in the order given: `(path for diagnostics, file name, contents)`.
    /// The file name decides the species when it starts with `cat` or `dog`.
    public static func load(files: [(displayPath: String, fileName: String, data: Data)], log: inout DiagnosticLog) -> BreedCatalog {
        var breeds: [Breed] = []
        for file in files {
            let reader = BreedFileReader(displayPath: file.displayPath, fileName: file.fileName)
            breeds += reader.read(file.data, log: &log)
        }
        return BreedCatalog(breeds: assignSlugs(breeds, log: &log))
    }

    /// Gives each breed a slug unique within its species, in reading order: the first keeps the plain
    /// slug, later ones get `-2`, `-3`…; a repeated id is also reported.
    static func assignSlugs(_ breeds: [Breed], log: inout DiagnosticLog) -> [Breed] {
        var takenSlugs: Set<String> = []
        var firstByID: [String: Breed] = [:]
        var result: [Breed] = []
        for var breed in breeds {
            let base = BreedSlug.make(from: breed.id)
            var slug = base
            var suffix = 2
            while takenSlugs.contains("\(breed.species.rawValue)/\(slug)") {
                slug = "\(base)-\(suffix)"
                suffix += 1
            }
            takenSlugs.insert("\(breed.species.rawValue)/\(slug)")
            breed.slug = slug
            let key = "\(breed.species.rawValue)/\(breed.id)"
            if let first = firstByID[key] {
                log.warning(
                    "breed id \(TextCleaning.quoted(breed.id)) of \(TextCleaning.quoted(breed.name)) was already used by "
                        + "\(TextCleaning.quoted(first.name)) at \(first.location); this one's page is \(breed.pagePath). "
                        + "Give each breed its own id so links to it are unambiguous.",
                    at: breed.location)
            } else {
                firstByID[key] = breed
            }
            result.append(breed)
        }
        return result
    }

    /// Breed id → page path relative to the site root (`"abys"` → `"breeds/cat/abys.html"`), for links
    /// from other documents. A repeated id maps to the first breed read; an id used by a cat and a dog
    /// maps to the cat.
    public var pageLinks: [String: String] {
        var links: [String: String] = [:]
        for breed in breedsInReadingPriority() where links[breed.id] == nil {
            links[breed.id] = breed.pagePath
        }
        return links
    }

    /// The page path of the breed a free-text reference names: its id exactly, else its id or name
    /// ignoring case and accents (`"Abyssinian"`, `"ABYS"`). `nil` when nothing matches.
    public func pagePath(forBreed reference: String) -> String? {
        let wanted = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !wanted.isEmpty else { return nil }
        if let exact = pageLinks[wanted] { return exact }
        let key = Self.matchKey(wanted)
        let ordered = breedsInReadingPriority()
        return (ordered.first { Self.matchKey($0.id) == key } ?? ordered.first { breed in
            Self.matchKey(breed.name) == key || breed.alternativeNames.contains { Self.matchKey($0) == key }
        })?.pagePath
    }

    /// The breed whose page is at `pagePath`.
    public func breed(atPagePath pagePath: String) -> Breed? {
        breeds.first { $0.pagePath == pagePath }
    }

    private func breedsInReadingPriority() -> [Breed] {
        // Unsuffixed slugs were assigned first, so they win; species then slug keep it deterministic.
        breeds.sorted { lhs, rhs in
            if lhs.species != rhs.species { return lhs.species < rhs.species }
            if lhs.slug.count != rhs.slug.count { return lhs.slug.count < rhs.slug.count }
            return lhs.slug < rhs.slug
        }
    }

    private static func matchKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func relativeToCurrentDirectory(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
