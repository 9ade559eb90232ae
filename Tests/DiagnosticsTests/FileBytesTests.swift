import Diagnostics
import Foundation
import Testing
import TestSupport

/// A mapped file gives exactly its bytes for as long as it is held; what is not a readable regular
/// file gives nothing.
@Suite("Mapped files")
struct FileBytesTests {
    @Test func aMappedFileHoldsItsBytes() throws {
        let folder = try TemporaryFolder.make("loupe-file-bytes")
        defer { TemporaryFolder.remove(folder) }
        // Across several pages, and a last page only partly used.
        // Not periodic: a page read in place of another differs.
        let bytes = (0..<(3 * 4096 + 17)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 16) }
        let file = folder.appendingPathComponent("manifest")
        try Data(bytes).write(to: file)
        let mapped = try #require(FileBytes(mapping: file.path))
        #expect(mapped.withBytes(Array.init) == bytes)
        #expect(mapped.count == bytes.count)
        #expect(try #require(FileBytes(mapping: file.path, maps: false)).withBytes(Array.init) == bytes, "read where not mapped")
        // Replaced by renaming, as the build replaces it: the mapping keeps the bytes it had.
        let replacement = folder.appendingPathComponent("manifest.new")
        try Data("new".utf8).write(to: replacement)
        #expect(rename(replacement.path, file.path) == 0)
        #expect(mapped.withBytes(Array.init) == bytes)

        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        #expect(try #require(FileBytes(mapping: empty.path)).count == 0)
        #expect(FileBytes(mapping: folder.appendingPathComponent("missing").path) == nil)
        #expect(FileBytes(mapping: folder.path) == nil, "a folder is not mapped")
        #expect(FileBytes(Array(bytes[5..<40])).withBytes(Array.init) == Array(bytes[5..<40]))
    }
}
