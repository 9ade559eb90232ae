import Deck
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import SiteBuilder
import Testing
import TestSupport

/// The build manifest (`.loupe/manifest`): it reads back exactly as written, and the input
/// fingerprint reads only files whose identity on disk changed.
@Suite("Build manifest")
struct BuildManifestTests {
    @Test func aManifestReadsBackAsWritten() {
        let manifest = BuildFingerprint(
            fingerprint: "f1", engine: "e1", pageCount: 3,
            files: ["index.html": WrittenFile(size: 10, hash: "aa", digest: "d1"), "assets/site.css": WrittenFile(size: 0, hash: "bb"),
                    "odd\tname\\with\nbreaks.html": WrittenFile(size: 7, hash: "cc", digest: "d2")],
            diagnostics: [.warning("a warning", at: SourceLocation(path: "deck/a.tsv", line: 3))],
            inputHashes: ["/content/deck/a.tsv|1|2|3|4.5|6.7": "3:abc"])
        #expect(BuildFingerprint.decoded(manifest.encoded) == manifest)
    }

    /// Hashes and digests are kept as two words when they are 32 lower-case hex digits, and read back
    /// as the same text whatever they are; a page's digest compares equal only to its own text.
    @Test func recordedHashesReadBackAsTheirText() {
        let fnv = "0123456789abcdef00ff10fe20fd30fc"
        for text in [fnv, "ffffffffffffffffffffffffffffffff", "00000000000000000000000000000000", "0123456789ABCDEF00FF10FE20FD30FC",
                     "0123456789abcdef00ff10fe20fd30f", "0123456789abcdef00ff10fe20fd30fcd", "0123456789abcdef00ff10fe20fd30fg",
                     "h", "", String(repeating: "a", count: 64)] {
            let recorded = RecordedHex(text)
            #expect(recorded.text == text)
            #expect(Array(text.utf8).withUnsafeBufferPointer { RecordedHex(utf8: $0) } == recorded)
            var bytes: [UInt8] = []
            recorded.append(to: &bytes)
            #expect(bytes == Array(text.utf8))
            #expect(recorded.withUTF8 { Array($0) } == Array(text.utf8))
        }
        #expect(RecordedHex(fnv) == RecordedHex(high: 0x0123_4567_89ab_cdef, low: 0x00ff_10fe_20fd_30fc))
        #expect(RecordedHex(fnv) != RecordedHex(fnv.uppercased()))
        #expect(RecordedHex(fnv) != RecordedHex("0123456789abcdef00ff10fe20fd30fd"))
        let file = WrittenFile(size: 1, hash: fnv, digest: fnv.uppercased())
        #expect(file.hash == fnv && file.digest == fnv.uppercased())
        #expect(Array("1\t\(fnv)\t\tx.html".utf8).withUnsafeBufferPointer { BuildFingerprint.parseFileLine($0) }?.1 == WrittenFile(size: 1, hash: fnv))
    }

    /// The service worker's list and the manifest share one sort: files written after the list was
    /// taken are merged in, a dropped record makes the paths sorted again, and the manifest written
    /// in that order is the one written from the records alone.
    @Test func theRecordedPathsStaySortedAfterTheServiceWorkersList() throws {
        let output = HashingOutput(wrapping: DiscardingOutput())
        for path in ["b.html", "é/x.html", "a/z.html", ".loupe/rows/1", "😀.html", "\u{E000}.html", "a/a.html"] {
            try output.write(Data(path.utf8), to: path)
        }
        let site = output.site
        #expect(site.paths == ["a/a.html", "a/z.html", "b.html", "é/x.html", "\u{E000}.html", "😀.html"])
        // A decomposed é sorts after f as `String` compares (canonically), before it by bytes.
        for path in ["sw.js", "a/m.html", ".loupe/manifest-extra", "b.html", "zz.html", "f.html", "e\u{301}.html"] {
            try output.write(Data("later".utf8), to: path)
        }
        let sorted = output.records.keys.sorted()
        #expect(output.paths == sorted)
        let manifest = BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1, files: output.records, diagnostics: [])
        #expect(manifest.encoded(sortedPaths: output.paths) == manifest.encoded)
        output.distrust("a/m.html")
        try output.write(Data(), to: "c.html")
        #expect(output.paths == output.records.keys.sorted())
        #expect(!output.paths.contains("a/m.html") && output.paths.contains("c.html"))
    }

    /// Paths sorted while the search index finishes (``HashingOutput/presort()``): the files written
    /// after it, a file written again and a dropped record give the list and the manifest a sort of
    /// every record would give.
    @Test func pathsSortedBeforeTheLastFilesAreTheRecordsSorted() throws {
        let output = HashingOutput(wrapping: DiscardingOutput())
        for path in ["b.html", "é/x.html", "a/z.html", ".loupe/rows/1", "😀.html", "m.html"] { try output.write(Data(path.utf8), to: path) }
        output.presort()
        for path in ["search/t1.json", "a/a.html", "b.html", "0.html", "e\u{301}.html"] { try output.write(Data("later".utf8), to: path) }
        output.presort()  // sorted already: the later paths are merged in
        try output.write(Data("last".utf8), to: "zz.html")
        let sorted = output.records.keys.sorted()
        #expect(output.paths == sorted)
        #expect(output.site.paths == sorted.filter { !$0.hasPrefix(".") })
        #expect(output.manifestLines == BuildFingerprint.fileLines(of: output.records, sortedPaths: sorted))
        output.distrust("m.html")
        try output.write(Data(), to: "c.html")
        #expect(output.paths == output.records.keys.sorted() && !output.paths.contains("m.html"))
    }

    /// Files written while the paths are sorted (by the search index's thread, as a build does) are
    /// merged in after it: none is missing from the list.
    @Test func filesWrittenDuringTheSortAreListed() async throws {
        let output = HashingOutput(wrapping: DiscardingOutput())
        for number in 0..<60_000 { try output.write(Data(), to: "cards/\(number * 7919 % 60_000).html") }
        async let sorting: Void = Task.detached { output.presort() }.value
        let late = (0..<3_000).map { "search/\($0 * 31 % 3_000).json" }
        try await Task.detached { for path in late { try output.write(Data(), to: path) } }.value
        await sorting
        try output.write(Data(), to: "sw.js")
        let listed = output.paths
        let isEveryRecordInOrder = listed == output.records.keys.sorted()  // a Bool: not 63,000 paths printed on failure
        #expect(listed.count == 63_001)
        #expect(isEveryRecordInOrder)
    }

    /// The previous build's order sorts the paths that stay by a merge; paths gone from the site are
    /// skipped, new ones merged in, and a manifest whose order is not sorted is sorted when it is read.
    @Test(arguments: [["a/a.html", "b.html", "gone.html", "é/x.html", "😀.html"], ["a/a.html", "b.html", "é/x.html", "😀.html"],
                      ["b.html", "a/a.html", "é/x.html"], []])
    func thePreviousOrderSortsThePathsThatStay(hint: [String]) throws {
        let files = Dictionary(uniqueKeysWithValues: hint.map { ($0, WrittenFile(size: 1, hash: "h")) })
        let manifest = BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1, files: files, diagnostics: []).encoded(sortedPaths: hint)
        let previous = try #require(RecordedBuild(manifest)?.previousFiles())
        #expect(previous.order == hint.sorted())
        let output = HashingOutput(wrapping: DiscardingOutput(), previous: hint.isEmpty ? nil : previous)
        for path in ["😀.html", "b.html", "new/z.html", "é/x.html", ".loupe/sections/new", "a/a.html", "0.html"] {
            try output.write(Data(path.utf8), to: path)
        }
        #expect(output.site.paths == ["0.html", "a/a.html", "b.html", "new/z.html", "é/x.html", "😀.html"])
        #expect(output.paths == output.records.keys.sorted())
        // A new path dropped and written again is listed once.
        output.distrust("new/z.html")
        try output.write(Data(), to: "new/z.html")
        let again = output.site.paths
        #expect(again == ["0.html", "a/a.html", "b.html", "new/z.html", "é/x.html", "😀.html"])
    }

    /// An update copies a kept file's manifest line from the previous manifest instead of spelling it
    /// from a record: the manifest is still byte for byte the one spelled from every record, whatever
    /// was kept, written again, found unchanged, dropped or added.
    @Test func keptFilesKeepTheirManifestLines() throws {
        let old = ["a/a.html", "b.html", "c.html", "d.html", "é/x.html", ".loupe/rows/r", "😀.html"]
        let files = Dictionary(uniqueKeysWithValues: old.map { path in
            (path, WrittenFile(size: path.utf8.count, hash: HashingOutput.hash(Data(path.utf8), path: path).text, digest: "d-\(path)"))
        })
        let bytes = BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1, files: files, diagnostics: []).encoded
        let previous = try #require(RecordedBuild(bytes)?.previousFiles())
        #expect(previous.hasLines)
        let output = HashingOutput(wrapping: DiscardingOutput(), previous: previous)
        output.keep(["a/a.html", "b.html", "😀.html", ".loupe/rows/r"].map { previous[$0]! })
        try output.write(Data("new b".utf8), to: "b.html")  // kept, then written
        try output.write(Data("new d".utf8), to: "d.html")
        output.keep([previous["d.html"]!])  // written, then kept
        try output.write(Data("é/x.html".utf8), to: "é/x.html", digest: RecordedHex("d-é/x.html"))  // the same record
        for path in ["0.html", "bb.html", "zz.html", "a/b.html"] { try output.write(Data(path.utf8), to: path) }
        output.keep([previous["c.html"]!])
        output.distrust("c.html")  // kept, then dropped
        let records = output.records
        #expect(records.count == 10 && records["c.html"] == nil && records["b.html"]?.size == 5 && records["d.html"] == files["d.html"])
        let header = BuildFingerprint.Header(format: BuildFingerprint.format, fingerprint: "f2", engine: "e", pageCount: 2,
                                             diagnostics: [], inputHashes: [:])
        let spelled = BuildFingerprint(fingerprint: "f2", engine: "e", pageCount: 2, files: records, diagnostics: []).encoded
        #expect(String(decoding: BuildFingerprint.manifest(header, fileLines: output.manifestLines), as: UTF8.self)
                == String(decoding: spelled, as: UTF8.self))
        #expect(output.siteFileCount == 9)
        // A site taken meanwhile sorts the same records.
        #expect(output.site.paths == records.keys.filter { !$0.hasPrefix(".") }.sorted())
        #expect(BuildFingerprint.manifest(header, fileLines: output.manifestLines) == spelled)
    }

    /// Each previous file keeps its place in the sorted paths, whatever order the manifest lists them
    /// in; a path listed twice keeps its last record. Marks on those places select the paths in order.
    @Test func thePreviousFilesKeepTheirPlacesInTheSortedPaths() throws {
        func manifest(_ lines: [(String, Int)]) -> Data {
            var data = BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1, files: [:], diagnostics: []).encoded
            for (path, size) in lines { data.append(contentsOf: Array("\(size)\th\t\t\(path)\n".utf8)) }
            return data
        }
        for lines in [[("a.html", 1), ("b/c.html", 2), ("é.html", 3)], [("é.html", 3), ("a.html", 9), ("b/c.html", 2), ("a.html", 1)]] {
            let previous = try #require(RecordedBuild(manifest(lines))?.previousFiles())
            #expect(previous.order == ["a.html", "b/c.html", "é.html"])
            for (position, path) in previous.order.enumerated() {
                #expect(previous[path]?.position == position, "\(path)")
            }
            #expect(previous["a.html"]?.file.size == 1, "the last line of a repeated path wins")
            #expect(previous["gone.html"] == nil)
            #expect(previous.files == ["a.html": WrittenFile(size: 1, hash: "h"), "b/c.html": WrittenFile(size: 2, hash: "h"),
                                       "é.html": WrittenFile(size: 3, hash: "h")])
        }
        var marks = PositionMarks(size: 3)
        marks.mark(2)
        marks.mark(0)
        marks.mark(2)
        #expect(marks.count == 2 && !marks.isFull)
        #expect(marks.select(["a", "b", "c"]) == ["a", "c"])
        #expect(marks.select(["a", "b", "c"], marked: false) == ["b"])
        marks.unmark(0)
        marks.unmark(0)
        #expect(marks.count == 1 && marks.select(["a", "b", "c"]) == ["c"])
        marks.mark(0)
        marks.mark(1)
        #expect(marks.isFull)
    }

    /// The service worker's version is a sum over the site's files: the same files in any order give
    /// the same version, any changed file another one, and the build's own records none.
    @Test func theSiteVersionFollowsTheFilesNotTheirOrder() throws {
        let files = ["a.html": "a", "b/c.html": "c", "é.html": "e", "assets/site.css": "css"]
        func version(_ order: [String], changing changed: String? = nil, records: Bool = false, redo: String? = nil,
                     overwrite: String? = nil) throws -> String {
            let output = HashingOutput(wrapping: DiscardingOutput())
            if let overwrite { try output.write(Data("first".utf8), to: overwrite) }
            for path in order { try output.write(Data((path == changed ? "new" : files[path]!).utf8), to: path) }
            if records { try output.write(Data("kept".utf8), to: ".loupe/sections/x") }
            if let redo {
                output.distrust(redo)
                try output.write(Data(files[redo]!.utf8), to: redo)
            }
            return output.site.version
        }
        let sorted = files.keys.sorted()
        let base = try version(sorted)
        #expect(try version(sorted.reversed()) == base)
        #expect(try version(sorted, records: true) == base)
        #expect(try version(sorted, redo: "b/c.html") == base)
        #expect(try version(sorted, overwrite: "é.html") == base)
        for path in sorted { #expect(try version(sorted, changing: path) != base, "\(path)") }
        #expect(try version(Array(sorted.dropLast())) != base)
    }

    /// The sortedness of the previous build's paths is checked on their bytes when they are ASCII; it
    /// must agree with `<` on any pair, accents and decomposed forms included.
    @Test func pathsAreOrderedAsStringsOrderThem() {
        var random = SeededRandom(seed: 3)
        let pieces = ["a", "b", "z", "A", "0", "-", "/", ".", "é", "e\u{301}", "Ω", "😀", "deck/", "index.html", "~"]
        for _ in 0..<5000 {
            let first = (0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let second = random.next(below: 4) == 0 ? first + pieces[random.next(below: pieces.count)]
                : (0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            #expect(RecordedBuild.precedes(first, second) == (first < second), "\(first) < \(second)")
            #expect(RecordedBuild.precedes(second, first) == (second < first), "\(second) < \(first)")
        }
    }

    @Test func aDamagedManifestIsNotUsed() {
        var bytes = BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1, files: ["a.html": WrittenFile(size: 1, hash: "h")],
                                     diagnostics: []).encoded
        bytes.append(contentsOf: Array("not a file line\n".utf8))
        #expect(BuildFingerprint.decoded(bytes) == nil)
        #expect(BuildFingerprint.decoded(Data("{\"format\":2}\n".utf8)) == nil)
    }

    /// A build counts as small by the exports the deck reader reads: 64 MB of them make it large, an
    /// image or a file that is not an export does not.
    @Test func aDeckIsSmallByItsExports() throws {
        let content = try TemporaryFolder.make("loupe-small-deck")
        defer { TemporaryFolder.remove(content) }
        let deck = content.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: deck.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("Category\tTopic\tSubtopic\n".utf8).write(to: deck.appendingPathComponent("deck.tsv"))
        // Sparse files: sizes without the bytes.
        func sparse(_ name: String, _ size: Int) throws {
            let url = deck.appendingPathComponent(name)
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            #expect(truncate(url.path, off_t(size)) == 0)
        }
        try sparse("images/big.png", 80 << 20)
        try sparse("notes.pdf", 80 << 20)
        let reader = DeckReader(deckDirectory: deck, displayDirectory: "deck")
        #expect(AllocatorTuning.isSmallDeck(reader))
        try sparse("second.txt", AllocatorTuning.smallDeckBytes)
        #expect(AllocatorTuning.isSmallDeck(reader) == false)
    }

    /// The manifest's lines are checked in parts of about 128 KB on every core: a file deleted from the
    /// site, or one the manifest lists that never was, is found in the first part, in the middle one and
    /// in the last, and where a part is cut.
    @Test func everyPartOfALargeManifestIsChecked() throws {
        let root = try TemporaryFolder.make("loupe-recorded-parts")
        defer { TemporaryFolder.remove(root) }
        // 4,000 files of some 100-byte lines (about three parts), in 40 folders and at the top.
        var sizes: [String: Int] = [:]
        for index in 0..<4000 {
            let path = index % 100 == 0 ? "top-\(index).html" : "topic-\(index % 40)/card-\(index)-with-a-longer-name.html"
            sizes[path] = index % 7
        }
        for (path, size) in sizes {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x61, count: size).write(to: url)
        }
        func recorded(_ sizes: [String: Int]) throws -> RecordedBuild {
            try #require(RecordedBuild(BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1,
                                                        files: sizes.mapValues { WrittenFile(size: $0, hash: "h", digest: "d") },
                                                        diagnostics: []).encoded))
        }
        #expect(try recorded(sizes).isIntact(at: root))
        let sorted = sizes.keys.sorted()
        for position in [0, 1, sorted.count / 3, sorted.count / 2, 2 * sorted.count / 3, sorted.count - 2, sorted.count - 1] {
            let deleted = root.appendingPathComponent(sorted[position])
            try FileManager.default.removeItem(at: deleted)
            #expect(try recorded(sizes).isIntact(at: root) == false, "a deleted file at \(position)")
            try Data(repeating: 0x61, count: sizes[sorted[position]]!).write(to: deleted)
            var missing = sizes
            missing[sorted[position] + ".gone"] = 0
            #expect(try recorded(missing).isIntact(at: root) == false, "a missing file after \(position)")
        }
    }

    /// Once a build with nothing changed found every file in its folder's listing and the folders had
    /// settled, it records their stamps; the next one trusts a folder by its stamp alone. Deleting a file,
    /// putting a link or a folder in its place, or replacing a whole folder changes a stamp, and the
    /// listings are read again; folders that had not settled are not recorded.
    @Test func settledFoldersAreCheckedByTheirStamps() throws {
        let root = try TemporaryFolder.make("loupe-folder-stamps")
        defer { TemporaryFolder.remove(root) }
        let files = ["index.html": "home", "assets/site.css": "css", "deck/eye/lids.html": "lids", "deck/eye/lens.html": "lens",
                     "deck/ear/drum.html": "drum", "odd\\folder/a.html": "odd"]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let sizes = files.mapValues { $0.utf8.count }
        let plain = try #require(RecordedBuild(BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1,
                                                                files: sizes.mapValues { WrittenFile(size: $0, hash: "h", digest: "d") },
                                                                diagnostics: []).encoded))
        var settled: FolderStamps?
        // Just written: intact, but nothing to record yet.
        #expect(plain.isIntact(at: root, now: Date(), settled: &settled))
        #expect(settled == nil, "folders changed just now were recorded")
        let later = Date().addingTimeInterval(60)
        #expect(plain.isIntact(at: root, now: later, settled: &settled))
        let stamps = try #require(settled)
        #expect(Set(stamps.stamps.keys) == ["", "assets", "deck/eye", "deck/ear", "odd\\folder"])
        var stamped = plain
        stamped.folders = stamps
        // Trusted by the stamps: a file changed in place is not looked at (nor is it by the listings).
        try Data("LIDS, longer".utf8).write(to: root.appendingPathComponent("deck/eye/lids.html"))
        var again: FolderStamps?
        #expect(stamped.isIntact(at: root, now: later, settled: &again) && again == stamps, "the listings were read again")
        // Each change a listing would show changes a stamp, and the listings show it.
        let lens = root.appendingPathComponent("deck/eye/lens.html")
        try FileManager.default.removeItem(at: lens)
        #expect(!stamped.isIntact(at: root, now: later, settled: &again), "a deleted file went unseen")
        #expect(again == nil, "stamps that no longer match are kept")
        try FileManager.default.createSymbolicLink(at: lens, withDestinationURL: root.appendingPathComponent("index.html"))
        #expect(!stamped.isIntact(at: root, now: later, settled: &again), "a link in a file's place went unseen")
        try FileManager.default.removeItem(at: lens)
        try FileManager.default.createDirectory(at: lens, withIntermediateDirectories: false)
        #expect(!stamped.isIntact(at: root, now: later, settled: &again), "a folder in a file's place went unseen")
        try FileManager.default.removeItem(at: lens)
        try Data("lens".utf8).write(to: lens)
        // Back as it was: intact by the listings, and the new stamps are recorded once settled.
        #expect(stamped.isIntact(at: root, now: later, settled: &again))
        #expect(again != nil && again != stamps)
        // A folder replaced whole (by a copy without one file) has another inode.
        let ear = root.appendingPathComponent("deck/ear"), copy = root.appendingPathComponent("deck/ear-copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
        stamped.folders = again
        try FileManager.default.removeItem(at: ear)
        try FileManager.default.moveItem(at: copy, to: ear)
        #expect(!stamped.isIntact(at: root, now: later, settled: &again), "a folder put in another's place went unseen")
    }

    /// A build that finds nothing changed checks the recorded files straight off the manifest's bytes:
    /// each must be a regular file (its size is not looked up where the folder's listing tells the kind
    /// of its entries), escaped names included, and a damaged line means the site is not intact. Recording new input hashes keeps the file lines as they were.
    @Test func theRecordedFilesAreCheckedOffTheManifestBytes() throws {
        let root = try TemporaryFolder.make("loupe-recorded")
        defer { TemporaryFolder.remove(root) }
        let odd = "odd\\name\nwith breaks.html"
        let files = ["index.html": "<p>home</p>", "assets/site.css": "", "a/b/deep.html": "deep", odd: "odd"]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func manifest(_ sizes: [String: Int]) -> Data {
            BuildFingerprint(fingerprint: "f", engine: "e", pageCount: 1,
                             files: sizes.mapValues { WrittenFile(size: $0, hash: "h", digest: "d") }, diagnostics: []).encoded
        }
        let sizes = files.mapValues { $0.utf8.count }
        #expect(try #require(RecordedBuild(manifest(sizes))).isIntact(at: root))
        var otherName = sizes
        otherName["a/b/deeper.html"] = otherName.removeValue(forKey: "a/b/deep.html")
        #expect(try #require(RecordedBuild(manifest(otherName))).isIntact(at: root) == false)
        var oddName = sizes
        oddName[odd + "\\"] = oddName.removeValue(forKey: odd)
        #expect(try #require(RecordedBuild(manifest(oddName))).isIntact(at: root) == false, "an escaped name is checked too")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("folder.html"), withIntermediateDirectories: false)
        #expect(try #require(RecordedBuild(manifest(sizes.merging(["folder.html": 0]) { $1 }))).isIntact(at: root) == false, "a folder is not the recorded file")
        try FileManager.default.removeItem(at: root.appendingPathComponent("folder.html"))
        #expect(try #require(RecordedBuild(manifest(sizes.merging(["gone.html": 1]) { $1 }))).isIntact(at: root) == false)
        var damaged = manifest(sizes)
        damaged.append(contentsOf: Array("12\tnot enough tabs\n".utf8))
        let recorded = try #require(RecordedBuild(damaged))
        #expect(recorded.isIntact(at: root) == false)
        #expect(recorded.files() == nil)
        try FileManager.default.removeItem(at: root.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("index.html"), withDestinationURL: root.appendingPathComponent("a/b/deep.html"))
        var linked = sizes
        linked["index.html"] = 4
        #expect(try #require(RecordedBuild(manifest(linked))).isIntact(at: root) == false, "a link is not the recorded file")

        try FileManager.default.createDirectory(at: root.appendingPathComponent(".loupe"), withIntermediateDirectories: true)
        try manifest(sizes).write(to: root.appendingPathComponent(BuildFingerprint.manifestPath))
        #expect(try #require(RecordedBuild(at: root)).folders == nil)
        let stamps = FolderStamps(stamps: ["": "1|2|3.4|5.6", "a/b": "1|7|8.9|10.11"])
        try #require(RecordedBuild(at: root)).recordInputHashes(["x": "1:ab"], folders: stamps, at: root)
        let rewritten = try #require(RecordedBuild(at: root))
        #expect(rewritten.inputHashes == ["x": "1:ab"])
        #expect(rewritten.folders == stamps)
        #expect(rewritten.files() == RecordedBuild(manifest(sizes))?.files())
    }

    /// A file is hashed in whole 1 MiB chunks (the hash depends on them), with its size; a missing
    /// file gives `nil`.
    @Test func aFileHashesAsItsBytesInMebibyteChunks() throws {
        let root = try TemporaryFolder.make("loupe-fnv")
        defer { TemporaryFolder.remove(root) }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let bytes = (0..<(5 << 19) + 13).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let file = root.appendingPathComponent("big.bin")
        try Data(bytes).write(to: file)
        var expected = FNV1a()
        for start in stride(from: 0, to: bytes.count, by: 1 << 20) {
            bytes[start..<min(bytes.count, start + (1 << 20))].withUnsafeBytes { expected.add($0) }
        }
        var hashed = FNV1a()
        #expect(hashed.addFile(at: file.path) == bytes.count)
        #expect(hashed.hex == expected.hex)
        // From 4 MiB on the pieces are hashed on every core: the same value, whatever the last piece.
        for size in [0, 255, 256, 1 << 20, FNV1a.parallelFileBytes - 1, FNV1a.parallelFileBytes, (9 << 20) + 255, (9 << 20) + 256,
                     (6 << 20) + 1] {
            let large = (0..<size).map { _ -> UInt8 in
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            }
            try Data(large).write(to: file)
            var streamed = FNV1a()
            for start in stride(from: 0, to: large.count, by: 1 << 20) {
                large[start..<min(large.count, start + (1 << 20))].withUnsafeBytes { streamed.add($0) }
            }
            var read = FNV1a()
            #expect(read.addFile(at: file.path) == size, "\(size)")
            #expect(read.hex == streamed.hex, "\(size)")
        }
        var missing = FNV1a()
        #expect(missing.addFile(at: root.appendingPathComponent("none").path) == nil)
    }

    /// A temporary folder with a content folder holding one deck file, and the options of a build of it.
    private static func deckFolder() throws -> (root: URL, deck: URL, options: BuildOptions) {
        let root = try TemporaryFolder.make("loupe-manifest")
        let content = root.appendingPathComponent("content")
        let deck = content.appendingPathComponent("deck/cards.tsv")
        try FileManager.default.createDirectory(at: deck.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("Category\tTopic\nEye\tLids\n".utf8).write(to: deck)
        return (root, deck, BuildOptions(content: content, templates: root.appendingPathComponent("Templates"),
                                         output: root.appendingPathComponent("site"), includeSessions: false))
    }

    @Test func aFileIsReadAgainOnlyWhenItsIdentityChanged() throws {
        let (root, deck, options) = try Self.deckFolder()
        defer { TemporaryFolder.remove(root) }
        let later = Date().addingTimeInterval(60)  // every file counts as settled
        let first = BuildFingerprint.fingerprint(of: options, now: later)
        let deckKey = try #require(first.hashes.keys.first { $0.hasPrefix("content/deck/cards.tsv|") })
        #expect(!first.hashes.keys.contains { $0.contains(root.path) }, "the manifest names the machine's folders")
        // A recorded hash is used instead of the file's bytes: the file is not read.
        var planted = first.hashes
        planted[deckKey] = "1:planted"
        #expect(BuildFingerprint.fingerprint(of: options, known: planted, now: later).all != first.all)
        #expect(BuildFingerprint.fingerprint(of: options, known: first.hashes, now: later).all == first.all)
        // The same size and modification time, other bytes: the change time still gives it away.
        var before = stat()
        #expect(stat(deck.path, &before) == 0)
        let handle = try FileHandle(forWritingTo: deck)  // in place: the same inode
        try handle.write(contentsOf: Data("Category\tTopic\nEye\tLens\n".utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]  // the modification time put back to the nanosecond
        #expect(utimensat(AT_FDCWD, deck.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(deck.path, &after) == 0 && after.st_ino == before.st_ino && after.st_size == before.st_size
                && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_mtim.tv_sec == before.st_mtim.tv_sec)
        let second = BuildFingerprint.fingerprint(of: options, known: first.hashes, now: later)
        #expect(second.all != first.all)
        #expect(second.all == BuildFingerprint.fingerprint(of: options, now: later).all)
        // A file changed just now is recorded as unsettled: a second change within its timestamps'
        // resolution, under the same identity, is still seen, since the next build reads it again.
        let now = BuildFingerprint.fingerprint(of: options)
        let unsettled = try #require(now.hashes.first { $0.key.hasPrefix("content/deck/cards.tsv|") }?.value)
        #expect(unsettled.hasPrefix(BuildFingerprint.unsettled))
        let nowKey = try #require(now.hashes.keys.first { $0.hasPrefix("content/deck/cards.tsv|") })
        var plantedUnsettled = now.hashes
        plantedUnsettled[nowKey] = BuildFingerprint.unsettled + "1:planted"
        #expect(BuildFingerprint.fingerprint(of: options, known: plantedUnsettled, now: later).all == now.all, "an unsettled hash was trusted")
    }

    /// A large deck export is never read for the fingerprint, even just after a save: its reader checks it
    /// block by block in any build that goes on. While it is unsettled no fingerprint matches another (a
    /// second save could keep its identity); once settled its identity is recorded and trusted.
    @Test func aLargeDeckExportIsLeftToItsReader() throws {
        let (root, deck, small) = try Self.deckFolder()
        defer { TemporaryFolder.remove(root) }
        var options = small
        options.selfCheckedExportBytes = 1
        func deckHash(_ inputs: BuildFingerprint.Inputs) throws -> String {
            try #require(inputs.hashes.first { $0.key.hasPrefix("content/deck/cards.tsv|") }?.value)
        }
        // Saved just now: recorded as unsettled, by its identity (the small-file rule reads it).
        let justSaved = BuildFingerprint.fingerprint(of: options)
        #expect(try deckHash(justSaved).hasPrefix(BuildFingerprint.unsettled + "identity:"), "the export was read")
        let size = try Data(contentsOf: deck).count
        #expect(try deckHash(BuildFingerprint.fingerprint(of: small)).hasPrefix(BuildFingerprint.unsettled + "\(size):"))
        let again = BuildFingerprint.fingerprint(of: options, known: justSaved.hashes)
        #expect(again.all != justSaved.all, "a build just after a save was up to date by the export's identity")
        #expect(again.engine == justSaved.engine, "a saved deck is no reason for a full build")
        // Settled: its identity is trusted from then on.
        let later = Date().addingTimeInterval(60)
        let settled = BuildFingerprint.fingerprint(of: options, known: again.hashes, now: later)
        #expect(try deckHash(settled).hasPrefix("identity:"))
        #expect(settled.all != again.all)
        #expect(BuildFingerprint.fingerprint(of: options, known: settled.hashes, now: later).all == settled.all)
        // Only deck exports: a note of any size is read as before.
        #expect(!BuildFingerprint.isDeckExport("notes/cards.tsv") && !BuildFingerprint.isDeckExport("deck/images/a.txt"))
        #expect(BuildFingerprint.isDeckExport("deck/Cards.TSV") && BuildFingerprint.isDeckExport("deck/cards.txt"))
    }

    /// A file that settled under an identity never seen stands for its bytes by that identity: it is not
    /// read (its reader finds what changed), and another identity is another fingerprint.
    @Test func aSettledFileNeverSeenIsTakenByItsIdentity() throws {
        let (root, deck, options) = try Self.deckFolder()
        defer { TemporaryFolder.remove(root) }
        let later = Date().addingTimeInterval(60)
        let first = BuildFingerprint.fingerprint(of: options, now: later)
        let deckHash = try #require(first.hashes.first { $0.key.hasPrefix("content/deck/cards.tsv|") }?.value)
        #expect(deckHash.hasPrefix("identity:"), "a settled file never seen was read: \(deckHash)")
        // The same bytes under another identity (a copy put back): another fingerprint, so the site is
        // updated, and the update changes nothing.
        let bytes = try Data(contentsOf: deck)
        try FileManager.default.removeItem(at: deck)
        try bytes.write(to: deck)
        #expect(BuildFingerprint.fingerprint(of: options, known: first.hashes, now: later.addingTimeInterval(60)).all != first.all)
    }
}
