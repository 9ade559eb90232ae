import Diagnostics
import Foundation
import Testing
import TestSupport
@testable import Breeds

@Suite("Real saved API responses", .enabled(if: Support.sharedBreedsFolder != nil, SharedData.absent("breeds")))
struct RealDataTests {
    /// Loads the real files (the suite is skipped when they are absent).
    private func loadShared() throws -> (BreedCatalog, DiagnosticLog) {
        let folder = try #require(Support.sharedBreedsFolder)
        var log = DiagnosticLog()
        let catalog = BreedCatalog.load(from: folder, displayPath: "shared/data/breeds", log: &log)
        return (catalog, log)
    }

    @Test func everyBreedIsPresent() throws {
        let (catalog, log) = try loadShared()
        #expect(!log.hasErrors, "\(log.errors)")
        let cats = catalog.breeds.filter { $0.species == .cat }
        let dogs = catalog.breeds.filter { $0.species == .dog }
        #expect(cats.count == 67)
        #expect(dogs.count == 170)
        #expect(Set(catalog.breeds.map(\.pagePath)).count == 237)
        #expect(catalog.pageLinks.count == 237)
        #expect(catalog.pageLinks["abys"] == "breeds/cat/abys.html")
        #expect(catalog.pageLinks["1"] == "breeds/dog/1.html")
        print("BreedsTests: real data gave \(log.warnings.count) warnings")
        for warning in log.warnings { print("  \(warning)") }
    }

    @Test func fieldsAreReadIntoTypedValues() throws {
        let (catalog, _) = try loadShared()
        let abyssinian = try #require(catalog.breeds.first { $0.id == "abys" })
        #expect(abyssinian.score(.energyLevel) == 5)
        #expect(abyssinian.flag(.natural) == true)
        #expect(abyssinian.lifeSpan == NumericRange(lower: 14, upper: 15))
        #expect(abyssinian.weight?.imperial == NumericRange(lower: 7, upper: 10))
        #expect(abyssinian.origins == [OriginCountry(name: "Egypt", code: "EG")])
        #expect(abyssinian.sources.map(\.kind) == [.wikipedia, .cfa, .vetstreet, .vcaHospitals])
        #expect(abyssinian.alternativeNames.isEmpty)
        #expect(abyssinian.temperament.count == 5)

        let affenpinscher = try #require(catalog.breeds.first { $0.species == .dog && $0.id == "1" })
        #expect(affenpinscher.breedGroup == "Toy")
        #expect(affenpinscher.height?.metric == NumericRange(lower: 23, upper: 29))
        #expect(affenpinscher.lifeSpan == NumericRange(lower: 10, upper: 12))
        #expect(affenpinscher.origins.compactMap(\.name) == ["Germany", "France"])
        #expect(affenpinscher.referenceImageID == "BJa4kxc4X")

        // Every cat has at least its nine always-present flags (`lap` is sometimes missing); every dog a height.
        #expect(catalog.breeds.filter { $0.species == .cat }.allSatisfy { $0.flags.count >= 9 && $0.traits.count >= 11 })
        #expect(catalog.breeds.filter { $0.species == .dog }.allSatisfy { $0.height != nil })
        #expect(catalog.breeds.allSatisfy { $0.lifeSpan != nil && $0.weight != nil })
    }

    @Test func contextsNeverReferenceTheNetwork() throws {
        let (catalog, _) = try loadShared()
        for breed in catalog.breeds {
            let context = breed.pageContext(root: "../../", imageFile: nil)
            let fragments = Support.fragments(in: context).filter { !$0.contains("breed-sources") }
            for fragment in fragments {
                #expect(!fragment.contains("http:") && !fragment.contains("https:"), "\(breed.id): \(fragment)")
                #expect(!fragment.contains("cdn2.the"), "\(breed.id)")
            }
        }
        let index = catalog.indexDataJSON(root: "../")
        #expect(!index.contains("http"))
        #expect(!index.contains("<"))
    }
}
