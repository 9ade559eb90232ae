import Foundation
import Testing
import TestSupport
@testable import SiteBuilder

/// `FolderWalker` finds a file by its name in its folder's listing; it must answer as `lstat` of the
/// whole path does (a regular file, not a link), whatever order the paths come in, and compare sizes
/// too when the listing does not tell the kind of an entry.
struct FolderWalkerTests {
    @Test(arguments: [false, true])
    func answersAsLstatOfTheWholePathInAnyOrder(kindsUnknown: Bool) throws {
        let root = try TemporaryFolder.make("loupe-walker")
        defer { TemporaryFolder.remove(root) }
        // Folders whose names are prefixes of one another, a file beside a folder of a similar name, a
        // folder that is a link, a file that is a link, and names that exist in one folder only.
        let files = ["index.html": "home", "a/x.html": "ax", "a/b/y.html": "aby", "a/z.html": "z", "ab/x.html": "abx!",
                     "ab/c/d/e.html": "deep", "a.html": "a", "b/x.html": "bx"]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("linked"), withDestinationURL: root.appendingPathComponent("a"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("b/link.html"), withDestinationURL: root.appendingPathComponent("b/x.html"))
        let candidates = Array(files.keys) + ["linked/x.html", "b/link.html", "a/y.html", "a/b", "missing/x.html", "a/b/y.html/z", "ab/c/d/x.html", "c.html"]
        let sizes = [0, 1, 2, 3, 4]
        let site = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(site >= 0)
        defer { close(site) }
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for round in 0..<200 {
            var walker = kindsUnknown
                ? FolderWalker(site: site) { FolderListing(reading: $0, in: $1).withKindsUnknown }
                : FolderWalker(site: site)
            let order = round == 0 ? candidates.sorted() : candidates.shuffled(using: &generator)
            for path in order {
                for size in sizes.shuffled(using: &generator).prefix(2) {
                    var info = stat()
                    let expected = lstat(root.appendingPathComponent(path).path, &info) == 0
                        && (info.st_mode & S_IFMT) == S_IFREG && (!kindsUnknown || Int(info.st_size) == size)
                    #expect(walker.isRegularFile(path, size: size) == expected, "\(path), \(size) bytes, in round \(round)")
                    checked += expected ? 1 : 0
                }
            }
        }
        #expect(checked > 200, "some lookups find their file")
    }

    /// A folder's listing holds its entries and no others ("." and ".." left out), found by their bytes.
    @Test func aListingFindsEachEntryByItsName() throws {
        let root = try TemporaryFolder.make("loupe-listing")
        defer { TemporaryFolder.remove(root) }
        let names = (0..<300).map { "card-\($0 * 7919 % 1000).html" } + ["a", "ab", "abc", "b", "é.html"]
        for name in names { try Data().write(to: root.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("folder"), withIntermediateDirectories: false)
        let site = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(site) }
        let listing = FolderListing(reading: [], in: site)
        #expect(listing.count == names.count + 1)
        func kind(_ name: String) -> UInt8? { Array(name.utf8).withUnsafeBufferPointer { listing.kind(of: $0) } }
        for name in names { #expect(kind(name) == UInt8(DT_REG), "\(name)") }
        #expect(kind("folder") == UInt8(DT_DIR))
        // Names the folder does not have, many as long as those it has (they meet entries in the table).
        let others = (0..<1000).map { "card-\($0).html" }.filter { !names.contains($0) }
        for absent in [".", "..", "", "card-1.htm", "card-1.html2", "abcd", "c", "card-1000.html"] + others {
            #expect(kind(absent) == nil, "\(absent)")
        }
        #expect(FolderListing(reading: Array("missing".utf8), in: site).count == 0)
    }

    /// Without a site folder nothing is present.
    @Test func aSiteThatCouldNotBeOpenedHoldsNothing() {
        var walker = FolderWalker(site: -1)
        #expect(walker.isRegularFile("index.html", size: 0) == false)
    }
}
