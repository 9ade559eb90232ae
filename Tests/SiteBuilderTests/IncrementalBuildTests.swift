import Diagnostics
import Foundation
@testable import SiteBuilder
import Testing
import TestSupport

/// Incremental builds (docs/architecture.md, "Incremental builds"): after any edit, updating the
/// previous site must give exactly the site a full build of the same input gives, and an unchanged
/// input must be recognised, including a change to a template.
@Suite("Incremental builds equal full builds", .serialized)
struct IncrementalBuildTests {
    /// A copy of the example content and templates in a temporary folder; removed by the caller.
    struct Project {
        let root: URL
        var content: URL { root.appendingPathComponent("content") }
        var templates: URL { root.appendingPathComponent("Templates") }
        var deck: URL { content.appendingPathComponent("deck/eye-review.tsv") }

        init() throws {
            root = try TemporaryFolder.make("loupe-incremental")
            let package = SitePagesGoldenTests.packageRoot
            try FileManager.default.copyItem(at: package.appendingPathComponent("content"), to: content)
            try FileManager.default.copyItem(at: package.appendingPathComponent("Templates"), to: templates)
        }

        func options(out name: String, force: Bool = false) -> BuildOptions {
            var options = BuildOptions(content: content, templates: templates, output: root.appendingPathComponent(name),
                                       includeSessions: false)
            options.imageCache = root.appendingPathComponent(".loupe-cache")
            options.force = force
            return options
        }

        func edit(_ file: URL, _ change: (String) -> String) throws {
            let text = try String(contentsOf: file, encoding: .utf8)
            let changed = change(text)
            #expect(changed != text, "the edit changed nothing in \(file.lastPathComponent)")
            try Data(changed.utf8).write(to: file)
        }

        /// Every file of a site with its bytes.
        func files(of site: String) throws -> [String: Data] {
            let folder = root.appendingPathComponent(site)
            var result: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
                result[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
            }
            return result
        }
    }

    /// One edit a user makes between two builds.
    enum Edit: CaseIterable {
        case wordInACard, retitledCard, newCard, removedCard, renamedTopic, about, note, settings, template, breed

        func apply(to project: Project, random: inout SeededRandom) throws {
            switch self {
            case .wordInACard:
                // Replace one word inside a card's text (never a tab, quote or line break).
                try project.edit(project.deck) { text in
                    let words = text.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 6 }.map(String.init)
                    let word = words[random.next(below: words.count)]
                    guard let range = text.range(of: word) else { return text }
                    return text.replacingCharacters(in: range, with: "Edited\(random.next(below: 1000))")
                }
            case .retitledCard:
                // A card's title in capitals: the same slug, so the same id and path, but its page, its
                // topic page and its neighbours' links all show the new title.
                try project.edit(project.deck) { text in
                    var lines = text.components(separatedBy: "\r\n")
                    let titled = lines.indices.filter { index in
                        let fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false)
                        return fields.count > 4 && Int(fields[0]) != nil && fields[3].allSatisfy(\.isASCII)
                            && fields[3].contains(where: \.isLowercase)
                    }
                    guard !titled.isEmpty else { return text }
                    let index = titled[random.next(below: titled.count)]
                    var fields = lines[index].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    fields[3] = fields[3].uppercased()
                    lines[index] = fields.joined(separator: "\t")
                    return lines.joined(separator: "\r\n")
                }
            case .newCard:
                try project.edit(project.deck) { $0 + "90\tAnatomy\tThe Globe\tAdded \(random.next(below: 1000))\tnil\tnil\t# New question?\tNew answer\r\n" }
            case .removedCard:
                try project.edit(project.deck) { text in
                    guard let range = text.range(of: "90\tAnatomy\tThe Globe\tAdded", options: .backwards),
                          let end = text[range.lowerBound...].range(of: "\r\n") else { return text + "91\tLens\tCataract\tLate\tnil\tnil\t# Q\tA\r\n" }
                    return text.replacingCharacters(in: range.lowerBound..<end.upperBound, with: "")
                }
            case .renamedTopic:
                try project.edit(project.deck) { $0.replacingOccurrences(of: "The Globe", with: "The Globe \(random.next(below: 100))") }
            case .about:
                try project.edit(project.content.appendingPathComponent("about.md")) { $0 + "\nAnother paragraph \(random.next(below: 1000)).\n" }
            case .note:
                try project.edit(project.content.appendingPathComponent("notes/horner-syndrome.md")) { $0 + "\nRemember ptosis \(random.next(below: 1000)).\n" }
            case .settings:
                try project.edit(project.content.appendingPathComponent("loupe.yml")) { $0 + "\n# edited \(random.next(below: 1000))\n" }
            case .template:
                try project.edit(project.templates.appendingPathComponent("card.md")) { $0 + "\n<p class=\"meta\">Edited template \(random.next(below: 1000))</p>\n" }
            case .breed:
                try project.edit(project.content.appendingPathComponent("breeds/cats.json")) {
                    $0.replacingOccurrences(of: "top of a bookcase", with: "top of a bookcase \(random.next(below: 1000))")
                }
            }
        }
    }

    /// With a memory (as `loupe serve` keeps), rows and search chunks the edit did not touch are reused
    /// from the previous build: the site must still be exactly a full build's.
    @Test(arguments: [1, 2] as [UInt64], [false, true])
    func afterRandomEditsAnUpdatedSiteEqualsAFullBuild(seed: UInt64, withMemory: Bool) throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        var random = SeededRandom(seed: seed)
        let memory = withMemory ? BuildMemory() : nil
        func updating() -> BuildOptions {
            var options = project.options(out: "site")
            options.memory = memory
            return options
        }
        let first = SiteGenerator.build(updating())
        #expect(first.succeeded, "\(first.diagnostics)")
        // Every kind of edit once, in an order the seed shuffles (a random pick could leave one out).
        var edits = Edit.allCases
        for index in edits.indices.reversed() { edits.swapAt(index, random.next(below: index + 1)) }
        for (step, edit) in edits.enumerated() {
            try edit.apply(to: project, random: &random)
            let updated = SiteGenerator.build(updating())
            #expect(updated.succeeded && !updated.isUpToDate, "step \(step) \(edit): \(updated.diagnostics)")
            try? FileManager.default.removeItem(at: project.root.appendingPathComponent("cold"))
            let cold = SiteGenerator.build(project.options(out: "cold", force: true))
            #expect(cold.succeeded, "\(cold.diagnostics)")
            let incremental = try project.files(of: "site"), full = try project.files(of: "cold")
            #expect(incremental.keys.sorted() == full.keys.sorted(), "step \(step) \(edit): different files")
            // The manifest also caches input hashes, and its fingerprints take a settled file never seen
            // by its identity, a file read before by its bytes: both depend on timing and on the builds
            // before. Compare the rest.
            func manifest(_ bytes: Data?) -> BuildFingerprint? {
                var decoded = bytes.flatMap(BuildFingerprint.decoded)
                decoded?.inputHashes = [:]
                decoded?.fingerprint = ""
                decoded?.engine = ""
                return decoded
            }
            let differing = full.keys.filter { key in
                key == BuildFingerprint.manifestPath ? manifest(incremental[key]) != manifest(full[key]) : incremental[key] != full[key]
            }.sorted()
            #expect(differing.isEmpty, "step \(step) \(edit): the updated site differs from a full build in \(differing)")
        }
    }

    @Test func anEditRewritesOnlyTheFilesItChanges() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        let first = SiteGenerator.build(project.options(out: "site"))
        #expect(first.succeeded, "\(first.diagnostics)")
        let before = try project.files(of: "site")
        try project.edit(project.deck) { $0.replacingOccurrences(of: "Outer fibrous coat", with: "Outer fibrous tunic") }
        let second = SiteGenerator.build(project.options(out: "site"))
        #expect(second.succeeded && !second.isUpToDate)
        let after = try project.files(of: "site")
        // Written, new or deleted.
        let changed = Set(after.keys).union(before.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(changed.contains { $0.hasPrefix("deck/") && $0.hasSuffix(".html") && $0.contains("coats-of-the-eye") }, "\(changed)")
        // The card page, its study data and search shards, the service worker, the manifest, and the
        // search chunk and section chunk holding the card (the old ones go), the search index's merged
        // table: not the whole site.
        #expect(changed.count <= 19 && changed.count < before.count / 10, "\(changed)")
        #expect(second.changedFileCount == changed.count - 1, "\(second.changedFileCount) \(changed)")  // - the manifest
        for folder in [SearchChunkFiles.folder, SectionChunkFiles.folder] {
            // The search index's merged table is rewritten too.
            let chunks = changed.filter { $0.hasPrefix(folder) && !SearchChunkFiles.isMergedTable($0) }
            #expect(chunks.count == 2 && chunks.filter { after[$0] == nil }.count == 1, "\(chunks)")
        }
        #expect(changed.contains(SearchChunkFiles.folder + SearchChunkFiles.mergedName))
        // The service worker changes with any file; the list of files it caches only with their paths.
        #expect(changed.contains("sw.js") && !changed.contains(PageWriter.fileListPath), "\(changed)")
    }

    /// A search chunk kept by the name the index builder already took from its key is the file the key
    /// names: the builder's SHA-256 and the store's agree.
    @Test func aSearchChunkKeptByNameIsTheFileItsKeyNames() {
        for key in [[UInt8](), Array("chunk 0|documents".utf8), [UInt8](repeating: 7, count: 40_000)] {
            #expect(ContentHash.digest(key).hex == SearchChunkFiles.name(of: key))
        }
    }

    /// The offline list holds every file of the site but personal session documents and the search
    /// shards' `file://` twins (the worker runs over http(s), where search fetches the JSON shards).
    @Test func theOfflineListLeavesOutTheSearchShardsScriptTwins() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        let files = try project.files(of: "site")
        let text = String(decoding: try #require(files[PageWriter.fileListPath]), as: UTF8.self)
        let listed = Set(text.split(separator: "\"").map(String.init).filter { $0.contains(".") && !$0.contains(" ") })
        let twins = files.keys.filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") && $0 != "search/index.js" }
        #expect(!twins.isEmpty && twins.allSatisfy { !listed.contains($0) }, "\(twins.filter(listed.contains))")
        let shards = files.keys.filter { $0.hasPrefix("search/terms/") || $0.hasPrefix("search/docs/") }.filter { $0.hasSuffix(".json") }
        #expect(!shards.isEmpty && shards.allSatisfy(listed.contains))
        #expect(listed.contains("search/index.js") && listed.contains("search/index.json") && listed.contains("assets/search.js"))
        #expect(PageWriter.isCachedOffline("search/docs/3.json") && !PageWriter.isCachedOffline("search/docs/3.js"))
        #expect(PageWriter.isCachedOffline("search/index.js") && PageWriter.isCachedOffline("deck/terms/a.js"))
        #expect(!PageWriter.isCachedOffline("sessions/acuity/a.html"))
    }

    /// A new card is a new path: the offline list is written again, lists its page, and names the site's
    /// files exactly as a full build's list does.
    @Test func aNewCardIsAddedToTheOfflineList() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        let before = try project.files(of: "site")
        try project.edit(project.deck) { $0 + "90\tAnatomy\tThe Globe\tAdded later\tnil\tnil\t# New question?\tNew answer\r\n" }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(SiteGenerator.build(project.options(out: "cold", force: true)).succeeded)
        let after = try project.files(of: "site"), cold = try project.files(of: "cold")
        let list = try #require(after[PageWriter.fileListPath])
        #expect(list != before[PageWriter.fileListPath] && list == cold[PageWriter.fileListPath])
        #expect(String(decoding: list, as: UTF8.self).contains("\"deck/anatomy/the-globe/added-later.html\""))
        let worker = String(decoding: try #require(after["sw.js"]), as: UTF8.self)
        #expect(worker.contains("importScripts(\"offline-files.js?v=") && after["sw.js"] == cold["sw.js"])
    }

    /// Builds the project, alters every kept chunk file in `folder` with `alter` (keeping its size and
    /// form), edits a note (which changes no chunk, so an incremental build reads them all back), and
    /// returns the updated site and a cold build of the same input, file by file.
    static func sitesAfterAlteringChunks(in folder: String, _ alter: (inout [UInt8]) -> Void) throws
        -> (updated: [String: Data], cold: [String: Data]) {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        let chunks = project.root.appendingPathComponent("site/" + folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: chunks.path)
        #expect(!names.isEmpty)
        for name in names {
            let file = chunks.appendingPathComponent(name)
            var bytes = [UInt8](try Data(contentsOf: file))
            alter(&bytes)
            try Data(bytes).write(to: file)
        }
        try project.edit(project.content.appendingPathComponent("notes/horner-syndrome.md")) { $0 + "\nRemember ptosis.\n" }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(SiteGenerator.build(project.options(out: "cold", force: true)).succeeded)
        return (try project.files(of: "site"), try project.files(of: "cold"))
    }

    /// The deck's kept section chunks (`.loupe/sections/`) are read only when the manifest vouches for
    /// their bytes: an altered chunk file costs time, never a wrong card.
    @Test func anAlteredSectionChunkIsParsedAgain() throws {
        // One lower-case letter of the text becomes another.
        let (updated, cold) = try Self.sitesAfterAlteringChunks(in: SectionChunkFiles.folder) { bytes in
            if let index = bytes.indices.dropFirst(bytes.count / 2).first(where: { (0x61...0x79).contains(bytes[$0]) }) { bytes[index] += 1 }
        }
        let pages = cold.keys.filter { $0.hasPrefix("deck/") || $0.hasPrefix("study/") || $0.hasPrefix(SectionChunkFiles.folder) }
        #expect(pages.count > 20)
        #expect(pages.filter { updated[$0] != cold[$0] }.isEmpty, "the altered chunk reached the site")
    }

    /// The search index's kept chunks (`.loupe/search/`) are read only when the manifest vouches for
    /// their bytes: an altered chunk file costs time, never a wrong search index.
    @Test func anAlteredSearchChunkIsTokenisedAgain() throws {
        // One posting character becomes another of the code's alphabet.
        let (updated, cold) = try Self.sitesAfterAlteringChunks(in: SearchChunkFiles.folder) { bytes in
            if let index = bytes.indices.reversed().dropFirst().first(where: { bytes[$0] == UInt8(ascii: "A") }) { bytes[index] = UInt8(ascii: "B") }
        }
        // The chunk files are written again too, not left altered for every later build to refuse.
        let search = cold.keys.filter { $0.hasPrefix("search/") || $0.hasPrefix(SearchChunkFiles.folder) }
        #expect(search.count > 4)
        #expect(search.filter { updated[$0] != cold[$0] }.isEmpty, "the altered chunk reached the search index")
    }

    @Test func aBreedEditRewritesThatBreedsPageAndNoOtherBreedPage() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        let before = try project.files(of: "site")
        try project.edit(project.content.appendingPathComponent("breeds/cats.json")) {
            $0.replacingOccurrences(of: "top of a bookcase", with: "top of a tall bookcase")
        }
        let second = SiteGenerator.build(project.options(out: "site"))
        #expect(second.succeeded && !second.isUpToDate, "\(second.diagnostics)")
        let after = try project.files(of: "site")
        let changedPages = after.keys.filter { $0.hasSuffix(".html") && before[$0] != after[$0] }.sorted()
        let breedPages = before.keys.filter { $0.hasPrefix("breeds/") && $0.hasSuffix(".html") }
        #expect(breedPages.count > 3, "\(breedPages)")
        #expect(changedPages == ["breeds/cat/abys.html"], "\(changedPages)")
        #expect(String(decoding: after["breeds/cat/abys.html"] ?? Data(), as: UTF8.self).contains("top of a tall bookcase"))
    }

    @Test func aTemplateOrSettingsChangeIsNeverUpToDate() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(SiteGenerator.build(project.options(out: "site")).isUpToDate)
        try project.edit(project.templates.appendingPathComponent("layout.html")) { $0.replacingOccurrences(of: "</body>", with: "<!-- edited --></body>") }
        let afterTemplate = SiteGenerator.build(project.options(out: "site"))
        #expect(!afterTemplate.isUpToDate)
        let home = try String(contentsOf: project.root.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(home.contains("<!-- edited -->"))
        #expect(SiteGenerator.build(project.options(out: "site")).isUpToDate)
        try project.edit(project.content.appendingPathComponent("loupe.yml")) { $0 + "\n# a comment\n" }
        #expect(!SiteGenerator.build(project.options(out: "site")).isUpToDate)
    }

    /// A file changed just before a build is not trusted by its identity yet, so that build records its
    /// hash as unsettled. An up-to-date build after it settled reads it again and records it as settled;
    /// otherwise every later unchanged build would read the whole deck again.
    @Test func anUpToDateBuildRecordsInputsThatSettledSinceTheLastBuild() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        let site = project.root.appendingPathComponent("site")
        func recordsTheDeck() -> Bool {
            (RecordedBuild(at: site)?.inputHashes ?? [:]).contains {
                $0.key.hasPrefix("content/deck/eye-review.tsv|") && !$0.value.hasPrefix(BuildFingerprint.unsettled)
            }
        }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(!recordsTheDeck(), "the deck was copied just now: not settled")
        Thread.sleep(forTimeInterval: 2.2)
        let before = try project.files(of: "site")
        #expect(SiteGenerator.build(project.options(out: "site")).isUpToDate)
        #expect(recordsTheDeck())
        let after = try project.files(of: "site")
        #expect(after.keys.filter { before[$0] != after[$0] } == [BuildFingerprint.manifestPath], "only the manifest changes")
        #expect(RecordedBuild(at: site)?.folders != nil, "the settled folders' stamps were not recorded")
        #expect(SiteGenerator.build(project.options(out: "site")).isUpToDate)
        // Trusted by the folders' stamps: a page deleted since is still seen, and written again.
        let page = site.appendingPathComponent("deck/glaucoma/treatment/glaucoma-medications.html")
        let bytes = try Data(contentsOf: page)
        try FileManager.default.removeItem(at: page)
        let rebuilt = SiteGenerator.build(project.options(out: "site"))
        #expect(rebuilt.succeeded && !rebuilt.isUpToDate, "a deleted page went unseen")
        #expect((try? Data(contentsOf: page)) == bytes)
    }

    /// A deck export the fingerprint leaves to its reader (a large one, here any size): saves in quick
    /// succession each reach the site, a build just after a save is never up to date by the export's
    /// identity, and the site is a cold build's.
    @Test func savesOfADeckLeftToItsReaderEachReachTheSite() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        func options(out name: String, force: Bool = false) -> BuildOptions {
            var options = project.options(out: name, force: force)
            options.selfCheckedExportBytes = 1
            return options
        }
        #expect(SiteGenerator.build(options(out: "site")).succeeded)
        let card = project.root.appendingPathComponent("site/deck/glaucoma/treatment/glaucoma-medications.html")
        for word in ["Firstsave", "Secondsave"] {
            try project.edit(project.deck) { text in
                guard let range = text.range(of: "Timolol") ?? text.range(of: "Firstsave") else { return text }
                return text.replacingCharacters(in: range, with: word)
            }
            let build = SiteGenerator.build(options(out: "site"))
            #expect(build.succeeded && !build.isUpToDate)
            #expect(try String(contentsOf: card, encoding: .utf8).contains(word), "the save of \(word) did not reach the page")
        }
        #expect(!SiteGenerator.build(options(out: "site")).isUpToDate, "up to date by the identity of a deck saved just now")
        // Saved again as it was: the build goes on and changes no file (`loupe serve` reloads no page).
        let bytes = try Data(contentsOf: project.deck)
        try FileManager.default.removeItem(at: project.deck)
        try bytes.write(to: project.deck)
        let again = SiteGenerator.build(options(out: "site"))
        #expect(again.succeeded && !again.isUpToDate && again.changedFileCount == 0, "\(again.changedFileCount) files changed")
        #expect(SiteGenerator.build(options(out: "cold", force: true)).succeeded)
        var site = try project.files(of: "site"), cold = try project.files(of: "cold")
        site[BuildFingerprint.manifestPath] = nil
        cold[BuildFingerprint.manifestPath] = nil
        #expect(site == cold)
    }

    /// With nothing changed, a build is up to date only while every file the manifest lists is still
    /// there as a regular file: a deleted page, or one replaced by a link, is written again.
    @Test func anUnchangedBuildNoticesADeletedOrReplacedFile() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(SiteGenerator.build(project.options(out: "site")).isUpToDate)
        let site = project.root.appendingPathComponent("site")
        let pages = try project.files(of: "site").keys.filter { $0.hasPrefix("deck/") && $0.hasSuffix(".html") }.sorted()
        for (page, damage) in [(pages[0], "delete"), (pages[pages.count - 1], "link")] {
            let url = site.appendingPathComponent(page)
            let bytes = try Data(contentsOf: url)
            try FileManager.default.removeItem(at: url)
            if damage == "link" { try FileManager.default.createSymbolicLink(at: url, withDestinationURL: site.appendingPathComponent("index.html")) }
            let rebuilt = SiteGenerator.build(project.options(out: "site"))
            #expect(rebuilt.succeeded && !rebuilt.isUpToDate, "\(damage) \(page)")
            #expect((try? Data(contentsOf: url)) == bytes, "\(damage) \(page)")
        }
    }

    /// An edit build keeps a page only when its file is still there as a regular file (checked when the
    /// build starts): a deleted page, or one replaced by a link, that the edit does not touch is written
    /// again.
    @Test func aDeletedOrReplacedFileInTheSiteIsWrittenAgain() throws {
        let project = try Project()
        defer { TemporaryFolder.remove(project.root) }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        let page = project.root.appendingPathComponent("site/about.html")
        let card = project.root.appendingPathComponent("site/deck/glaucoma/treatment/glaucoma-medications.html")
        let bytes = try Data(contentsOf: card)
        try FileManager.default.removeItem(at: page)
        try FileManager.default.removeItem(at: card)
        try FileManager.default.createSymbolicLink(at: card, withDestinationURL: page)
        try project.edit(project.deck) { $0 + "90\tAnatomy\tThe Globe\tAdded\tnil\tnil\t# Q?\tA\r\n" }
        #expect(SiteGenerator.build(project.options(out: "site")).succeeded)
        #expect(FileManager.default.fileExists(atPath: page.path))
        #expect(try Data(contentsOf: card) == bytes)
    }
}
