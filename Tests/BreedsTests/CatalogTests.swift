import Diagnostics
import Foundation
import Testing
@testable import Breeds
import TestSupport

@Suite("Catalog: slugs, duplicates, species, links")
struct CatalogTests {
    @Test func duplicateIdsGetDistinctSlugsAndAWarning() throws {
        let (catalog, log) = try Support.load("duplicates")
        let cats = catalog.breeds.filter { $0.species == .cat }
        let slugByName = Dictionary(uniqueKeysWithValues: cats.map { ($0.name, $0.slug) })
        #expect(slugByName == [
            "First Abyssinian": "abys", "Second Abyssinian": "abys-2",
            "Shouting Abyssinian": "abys-3", "Third Abyssinian": "abys-4",
        ])
        let dogs = catalog.breeds.filter { $0.species == .dog }
        #expect(Set(dogs.map(\.pagePath)) == ["breeds/dog/1.html", "breeds/dog/1-2.html", "breeds/dog/abys.html"])

        let duplicates = log.warnings.filter { $0.message.contains("was already used by") }
        #expect(duplicates.count == 3)
        let second = try #require(duplicates.first { $0.message.contains("Second Abyssinian") })
        #expect(second.location == SourceLocation(path: "duplicates/cats.json", line: 3, column: 3))
        #expect(second.message.contains("already used by \"First Abyssinian\" at duplicates/cats.json:2:3"))
        #expect(second.message.contains("breeds/cat/abys-2.html"))

        // Links go to the first breed read; a cat and a dog sharing an id resolve to the cat.
        #expect(catalog.pageLinks["abys"] == "breeds/cat/abys.html")
        #expect(catalog.pageLinks["ABYS"] == "breeds/cat/abys-3.html")
        #expect(catalog.pageLinks["1"] == "breeds/dog/1.html")
    }

    @Test func slugsAreUrlSafe() {
        #expect(BreedSlug.make(from: "abys") == "abys")
        #expect(BreedSlug.make(from: "../../etc/passwd") == "etc-passwd")
        #expect(BreedSlug.make(from: "..") == "breed")
        #expect(BreedSlug.make(from: "Lí Hua") == "li-hua")
        #expect(BreedSlug.make(from: "%2e%2e%2f") == "2e-2e-2f")
        #expect(BreedSlug.make(from: "a?b#c") == "a-b-c")
        #expect(BreedSlug.make(from: String(repeating: "x", count: 300)).count == BreedSlug.maximumLength)
    }

    @Test func speciesComesFromTheFileNameFirst() {
        // A dog-shaped record in a cats file is a cat: the file name decides.
        let (catalog, _) = Support.load(json: #"[{"id": 5, "name": "Odd", "breed_group": "Toy"}]"#, fileName: "Cats-2024.json")
        #expect(catalog.breeds.first?.species == .cat)
        let (dogs, _) = Support.load(json: #"[{"id": "x", "name": "X"}]"#, fileName: "dogs_v2.json")
        #expect(dogs.breeds.first?.species == .dog)
    }

    @Test func speciesFallsBackToFieldsThenTheFileMajority() throws {
        let (catalog, log) = try Support.load("mixed")
        let species = Dictionary(uniqueKeysWithValues: catalog.breeds.map { ($0.name, $0.species) })
        #expect(species == ["Field Dog": .dog, "Field Cat": .cat, "Another Dog": .dog, "Bare Record": .dog])
        let undecided = log.warnings.filter { $0.message.contains("cannot tell whether") }
        #expect(undecided.count == 2)
        #expect(undecided.allSatisfy { $0.location.path == "mixed/undecided.json" && $0.location.line != nil })
    }

    @Test func newerStringIdsForDogsWork() {
        let json = #"[{"id": "0b7a-19c", "name": "Newer Dog", "weight": {"imperial": "6 - 13", "metric": "3 - 6"}}]"#
        let (catalog, log) = Support.load(json: json, fileName: "dogs.json")
        #expect(catalog.pageLinks["0b7a-19c"] == "breeds/dog/0b7a-19c.html")
        #expect(log.all.isEmpty)
    }

    @Test func referencesResolveByIdOrName() throws {
        let (catalog, _) = try Support.load("hostile")
        #expect(catalog.pagePath(forBreed: "a/b") == "breeds/cat/a-b.html")
        #expect(catalog.pagePath(forBreed: "TRAVERSAL") == "breeds/cat/etc-passwd.html")
        #expect(catalog.pagePath(forBreed: " Slashed ") == "breeds/cat/a-b.html")
        #expect(catalog.pagePath(forBreed: "ξένη") == "breeds/cat/u30cd-u30b3.html")
        #expect(catalog.pagePath(forBreed: "nothing") == nil)
        #expect(catalog.pagePath(forBreed: "") == nil)
    }

    @Test func aMissingFolderIsAnEmptyCatalog() {
        var log = DiagnosticLog()
        let catalog = BreedCatalog.load(from: URL(fileURLWithPath: "/nonexistent/breeds"), log: &log)
        #expect(catalog.breeds.isEmpty)
        #expect(log.all.isEmpty)
    }

    @Test func localImagesStayInsideTheirFolder() throws {
        let base = try TemporaryFolder.make("breeds-images")
        let images = base.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data([0x89]).write(to: images.appendingPathComponent("pic1.png"))
        try Data([0x89]).write(to: base.appendingPathComponent("outside.jpg"))
        try FileManager.default.createSymbolicLink(
            at: images.appendingPathComponent("pic2.jpg"), withDestinationURL: base.appendingPathComponent("outside.jpg"))

        let location = SourceLocation(path: "cats.json")
        let withPhoto = Breed(id: "a", species: .cat, slug: "a", name: "A", referenceImageID: "pic1", location: location)
        let linkedOut = Breed(id: "b", species: .cat, slug: "b", name: "B", referenceImageID: "pic2", location: location)
        let without = Breed(id: "c", species: .cat, slug: "c", name: "C", referenceImageID: "none", location: location)
        #expect(BreedImages.localFile(for: withPhoto, in: images) == "pic1.png")
        #expect(BreedImages.localFile(for: linkedOut, in: images) == nil)
        #expect(BreedImages.localFile(for: without, in: images) == nil)
        let catalog = BreedCatalog(breeds: [withPhoto, linkedOut, without])
        #expect(catalog.localImageFiles(in: images) == ["breeds/cat/a.html": "pic1.png"])
    }
}
