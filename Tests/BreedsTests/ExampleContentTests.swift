import Diagnostics
import Foundation
import Testing
@testable import Breeds

@Suite("The repository's example content/breeds")
struct ExampleContentTests {
    private let folder = Support.packageRoot.appendingPathComponent("content/breeds")

    @Test func loadsCleanly() throws {
        #expect(FileManager.default.fileExists(atPath: folder.path), "the repository's content/breeds is missing")
        var log = DiagnosticLog()
        let catalog = BreedCatalog.load(from: folder, displayPath: "content/breeds", log: &log)
        #expect(log.all.isEmpty, "\(log.all)")
        #expect(catalog.breeds.filter { $0.species == .cat }.map(\.id) == ["abys", "beng", "kora"])
        #expect(catalog.breeds.filter { $0.species == .dog }.map(\.id) == ["1", "149", "226"])

        let westie = try #require(catalog.breeds.first { $0.id == "226" })
        #expect(westie.weight?.metricText == "≈ up to 8.2 kg")
        #expect(westie.weight?.imperialText == "up to 18 lb")

        let images = folder.appendingPathComponent("images")
        #expect(catalog.localImageFiles(in: images) == ["breeds/cat/abys.html": "loupe-example-cat.png"])
    }
}
