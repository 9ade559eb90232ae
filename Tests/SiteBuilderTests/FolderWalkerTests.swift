import Foundation
import Testing
import TestSupport
@testable import SiteBuilder

/// `FolderWalker` finds a file by its name in the last folder it opened; it must answer exactly as
/// `lstat` of the whole path does, whatever order the paths come in.
struct FolderWalkerTests {
    @Test func answersAsLstatOfTheWholePathInAnyOrder() throws {
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
            var walker = FolderWalker(site: site)
            let order = round == 0 ? candidates.sorted() : candidates.shuffled(using: &generator)
            for path in order {
                for size in sizes.shuffled(using: &generator).prefix(2) {
                    var info = stat()
                    let expected = lstat(root.appendingPathComponent(path).path, &info) == 0
                        && (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) == size
                    #expect(walker.isRegularFile(path, size: size) == expected, "\(path), \(size) bytes, in round \(round)")
                    checked += expected ? 1 : 0
                }
            }
        }
        #expect(checked > 200, "some lookups find their file")
    }

    /// Without a site folder nothing is present.
    @Test func aSiteThatCouldNotBeOpenedHoldsNothing() {
        var walker = FolderWalker(site: -1)
        #expect(walker.isRegularFile("index.html", size: 0) == false)
    }
}
