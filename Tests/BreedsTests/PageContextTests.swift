import Foundation
import Testing
@testable import Breeds

@Suite("Breed page and index contexts")
struct PageContextTests {
    private func abyssinianLike() -> Breed {
        Breed(
            id: "abys", species: .cat, slug: "abys", name: "Abyssinian", alternativeNames: ["Bunny cat"],
            description: "Lively.", temperament: ["Active", "Fun-loving"],
            origins: [OriginCountry(name: "Egypt", code: "EG")],
            lifeSpan: NumericRange(lower: 14, upper: 15),
            weight: BodyMeasure(kind: .weight, metric: NumericRange(lower: 3, upper: 5), imperial: NumericRange(lower: 7, upper: 10)),
            traits: [BreedTraitScore(trait: .energyLevel, value: 4), BreedTraitScore(trait: .grooming, value: 1)],
            flags: [BreedFlagValue(flag: .hairless, isSet: false), BreedFlagValue(flag: .natural, isSet: true)],
            sources: [BreedSource(kind: .wikipedia, url: "https://en.wikipedia.org/wiki/Abyssinian_(cat)?a=1&b=2")],
            referenceImageID: "0XYvRd7oD", location: .init(path: "cats.json", line: 2, column: 3))
    }

    @Test func traitsAreAccessibleBars() throws {
        let context = abyssinianLike().pageContext(root: "../../", imageFile: nil)
        let html = try #require(context["traitsHTML"] as? String)
        #expect(html.contains(#"role="img" aria-label="Energy level 4 of 5""#))
        #expect(html.contains(#"aria-label="Grooming 1 of 5""#))
        let energy = try #require((context["traits"] as? [[String: Any]])?.first)
        let bar = try #require(energy["barHTML"] as? String)
        #expect(bar.components(separatedBy: "<rect").count - 1 == 5)
        #expect(bar.components(separatedBy: #"fill="currentColor""#).count - 1 == 4)
    }

    @Test func pageContextHasEveryPart() throws {
        let context = abyssinianLike().pageContext(root: "../../", imageFile: nil)
        #expect(context["root"] as? String == "../../")
        #expect(context["indexURL"] as? String == "../../breeds/index.html")
        #expect(context["altNamesText"] as? String == "Bunny cat")
        #expect(context["originText"] as? String == "Egypt (EG)")
        #expect(context["lifeSpan"] as? String == "14–15 years")
        let measures = try #require(context["measures"] as? [[String: Any]])
        #expect(measures.first?["metric"] as? String == "3–5 kg")
        #expect(measures.first?["imperial"] as? String == "7–10 lb")
        #expect((context["flags"] as? [[String: Any]])?.map { $0["answer"] as? String } == ["no", "yes"])
        #expect(context["hasGroup"] as? Bool == false)
        #expect(context["group"] == nil)
        let tags = try #require(context["temperamentHTML"] as? String)
        #expect(tags.contains(#"<a href="../../breeds/index.html?temperament=Fun-loving">Fun-loving</a>"#))
        let sources = try #require(context["sourcesHTML"] as? String)
        #expect(sources.contains(#"href="https://en.wikipedia.org/wiki/Abyssinian&#95;(cat)?a=1&amp;b=2""#))
    }

    @Test func imagesAreLocalOrAPlaceholder() throws {
        let breed = abyssinianLike()
        let withPhoto = breed.pageContext(root: "../../", imageFile: "0XYvRd7oD.jpg")
        #expect(withPhoto["hasImage"] as? Bool == true)
        #expect((withPhoto["imageHTML"] as? String)?.contains(#"src="../../breeds/images/0XYvRd7oD.jpg""#) == true)
        for unsafe in ["../x.jpg", "a.svg", "x.jpg\" onerror=\"y", "https://cdn/x.jpg", nil] as [String?] {
            let context = breed.pageContext(root: "../../", imageFile: unsafe)
            let html = try #require(context["imageHTML"] as? String)
            #expect(context["hasImage"] as? Bool == false)
            #expect(html.hasPrefix("<figure class=\"breed-photo breed-photo-placeholder\"><svg role=\"img\""))
            #expect(html.contains("aria-label=\"No photo of Abyssinian\""))
        }
    }

    @Test func indexContextGroupsBySpeciesAndEmbedsData() throws {
        let dog = Breed(id: "1", species: .dog, slug: "1", name: "Affen", breedGroup: "Toy",
                        weight: BodyMeasure(kind: .weight, metric: nil, imperial: NumericRange(lower: 6, upper: 13)),
                        location: .init(path: "dogs.json"))
        let catalog = BreedCatalog(breeds: [dog, abyssinianLike()])
        let context = catalog.indexContext(root: "../")
        #expect(context["breedCount"] as? Int == 2)
        #expect(context["scriptURL"] as? String == "../assets/breeds.js")
        let groups = try #require(context["species"] as? [[String: Any]])
        #expect(groups.map { $0["pluralLabel"] as? String } == ["Cats", "Dogs"])
        let dogs = try #require(groups.last?["breeds"] as? [[String: Any]])
        #expect(dogs.first?["url"] as? String == "../breeds/dog/1.html")
        #expect(dogs.first?["summary"] as? String == "Toy · ≈ 2.7–5.9 kg")

        let json = try #require(context["breedDataJSON"] as? String)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let entries = try #require(object["breeds"] as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == ["abys", "1"])
        #expect(entries.last?["weightKg"] as? [Double] == [2.7, 5.9])
        #expect(entries.first?["lifeSpan"] as? [Double] == [14, 15])
        #expect(json == catalog.indexDataJSON(root: "../"), "deterministic")
    }

    @Test func searchSectionsCarryThePlainText() {
        let breed = abyssinianLike()
        #expect(breed.searchTitle == "Abyssinian")
        #expect(breed.searchContext == "Breeds › Cats")
        #expect(breed.searchSections.map(\.heading) == ["Overview", "At a glance", "Temperament"])
        #expect(breed.searchText.contains("Fun-loving"))
        #expect(breed.searchText.contains("Egypt (EG)"))
    }
}
