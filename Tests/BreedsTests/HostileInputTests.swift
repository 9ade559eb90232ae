import Diagnostics
import Foundation
import Testing
@testable import Breeds

@Suite("Hostile and malformed input")
struct HostileInputTests {
    @Test func recordsWithoutUsableIdOrNameAreSkippedWithWarnings() throws {
        let (catalog, log) = try Support.load("hostile")
        #expect(catalog.breeds.map(\.id).sorted() == ["../../../etc/passwd", "a/b", "nulls", "wrong", "xss1", "ネコ"])
        let messages = log.warnings.map(\.description)
        #expect(messages.contains { $0.contains("\"No Id\"") || $0.contains("breed #7 has an \"id\" that is null") })
        #expect(messages.contains { $0.contains("id \"noname\"") && $0.contains("empty \"name\"") })
        #expect(messages.contains { $0.contains("breed #9 is text, not an object") })
        #expect(messages.contains { $0.contains("breed #10 has an \"id\" that is a number") })
        #expect(!log.hasErrors)
    }

    @Test func idsCannotEscapeTheBreedsFolder() throws {
        let (catalog, _) = try Support.load("hostile")
        for breed in catalog.breeds {
            #expect(!breed.slug.contains("/") && !breed.slug.contains(".") && !breed.slug.isEmpty)
            #expect(breed.slug.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(breed.pagePath.hasPrefix("breeds/cat/"))
        }
        #expect(catalog.pageLinks["../../../etc/passwd"] == "breeds/cat/etc-passwd.html")
        #expect(catalog.pageLinks["a/b"] == "breeds/cat/a-b.html")
        #expect(catalog.pageLinks["ネコ"] == "breeds/cat/u30cd-u30b3.html")
    }

    @Test func scriptLinksAreDroppedWithWarnings() throws {
        let (catalog, log) = try Support.load("hostile")
        let breed = try #require(catalog.breeds.first { $0.id == "xss1" })
        #expect(breed.sources.isEmpty)
        #expect(log.warnings.contains { $0.message.contains("\"cfa_url\"") })
        #expect(!breed.sources.contains { $0.url.lowercased().hasPrefix("javascript") || $0.url.hasPrefix("data:") })
        #expect(!breed.sources.contains { $0.url.contains("\"") })
        let line = try #require(try Support.line(of: "\"wikipedia_url\": \"javascript", inFixture: "hostile/cats.json"))
        let expected = "hostile/cats.json:\(line):5: warning: field \"wikipedia_url\" of breed"
        #expect(log.warnings.contains { $0.description.hasPrefix(expected) && $0.description.contains("not an http or https address") })
        #expect(log.warnings.contains { $0.message.contains("\"vetstreet_url\"") })
        #expect(log.warnings.contains { $0.message.contains("\"vcahospitals_url\"") })
        #expect(log.warnings.contains { $0.message.contains("\"reference_image_id\"") })
        #expect(breed.referenceImageID == nil)
    }

    @Test func hostileTextNeverBecomesMarkupInFragments() throws {
        let (catalog, _) = try Support.load("hostile")
        for breed in catalog.breeds {
            let context = breed.pageContext(root: "../../", imageFile: nil)
            for fragment in Support.fragments(in: context) {
                for marker in ["<script", "<img", "<b ", "<div", "javascript:", "\" onmouseover"] {
                    #expect(!fragment.lowercased().contains(marker), "\(breed.id): \(marker) in \(fragment)")
                }
                // No event-handler attribute inside any tag.
                let handler = fragment.range(of: #"<[A-Za-z][^>]*\son[a-z]+\s*="#, options: .regularExpression)
                #expect(handler == nil, "\(breed.id): \(fragment)")
                #expect(!fragment.contains("\n"), "fragments are one line so they stay one HTML block")
            }
            // The raw values keep the user's text; the template's {{…}} escapes it.
            if breed.id == "xss1" {
                #expect((context["name"] as? String)?.contains("<script>") == true)
                #expect((context["imageHTML"] as? String)?.contains("No photo of &lt;script&gt;") == true)
                #expect((context["temperament"] as? [String]) == ["Calm", "<b onclick=alert(5)>Bold</b>"])
            }
        }
        let index = catalog.indexContext(root: "../")
        let json = try #require(index["breedDataJSON"] as? String)
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        #expect(json.contains("\\u003cscript\\u003e"))
        // Still valid JSON that decodes back to the original text.
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let names = (decoded?["breeds"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("<script>alert('name')</script> Cat"))
    }

    @Test func nonLatinTextIsKept() throws {
        let (catalog, _) = try Support.load("hostile")
        let breed = try #require(catalog.breeds.first { $0.id == "ネコ" })
        #expect(breed.name == "招き猫 Мурка")
        #expect(breed.alternativeNames == ["Ξένη", "قطة"])
        #expect(breed.origins == [OriginCountry(name: "日本", code: "JP")])
        #expect(breed.sources.first?.url == "https://ja.wikipedia.org/wiki/%E7%8C%AB")
    }

    @Test func wrongTypesDropTheFieldWithALocatedWarning() throws {
        let (catalog, log) = try Support.load("hostile")
        let breed = try #require(catalog.breeds.first { $0.id == "wrong" })
        #expect(breed.alternativeNames.isEmpty)
        #expect(breed.description == nil)
        #expect(breed.temperament.isEmpty)
        #expect(breed.lifeSpan == nil)
        #expect(breed.weight == nil)
        #expect(breed.traits.isEmpty)
        #expect(breed.flags == [BreedFlagValue(flag: .indoor, isSet: true)])
        #expect(breed.sources.isEmpty)
        #expect(breed.origins.isEmpty)

        let wrong = log.warnings.filter { $0.message.contains("breed \"Wrong Types\" (id \"wrong\")") }
        for field in ["alt_names", "description", "temperament", "life_span", "weight", "energy_level", "grooming",
                      "adaptability", "lap", "hairless", "wikipedia_url", "origin", "country_codes"] {
            let line = try #require(try Support.line(of: "\"\(field)\":", inFixture: "hostile/cats.json", after: "\"id\": \"wrong\""))
            #expect(wrong.contains { $0.message.contains("field \"\(field)\"") && $0.location.line == line },
                    "no located warning for \(field) at line \(line)")
        }
        #expect(!log.warnings.contains { $0.message.contains("unknown_field") || $0.message.contains("indoor") })
        #expect(wrong.allSatisfy { $0.location.path == "hostile/cats.json" && $0.location.column == 5 })
        #expect(wrong.contains { $0.message.contains("should be a whole number from 1 to 5 but is text") })
        #expect(wrong.contains { $0.message.contains("has 7, which is not a whole number from 1 to 5") })
    }

    @Test func nullsAndNaNAreReported() throws {
        let (catalog, log) = try Support.load("hostile")
        let breed = try #require(catalog.breeds.first { $0.id == "nulls" })
        #expect(breed.weight?.metric == NumericRange(lower: nil, upper: 8))
        #expect(breed.weight?.imperial == nil)
        #expect(breed.weight?.metricText == "up to 8 kg")
        #expect(breed.lifeSpan == nil)
        #expect(breed.score(.energyLevel) == nil)
        let messages = log.warnings.filter { $0.message.contains("(id \"nulls\")") }.map(\.message)
        #expect(messages.contains { $0.contains("field \"weight.imperial\"") && $0.contains("is null") })
        #expect(messages.contains { $0.contains("field \"weight.metric\"") && $0.contains("only \"up to 8\"") })
        #expect(messages.contains { $0.contains("field \"life_span\"") && $0.contains("\"NaN\"") })
        #expect(messages.contains { $0.contains("field \"energy_level\"") && $0.contains("is null") })
        #expect(messages.contains { $0.contains("field \"reference_image_id\"") && $0.contains("is null") })
    }

    @Test func invalidJSONIsALocatedError() throws {
        let (catalog, log) = try Support.load("broken")
        #expect(catalog.breeds.isEmpty)
        #expect(log.errors.count == 2)
        let empty = try #require(log.errors.first { $0.location.path == "broken/cats.json" })
        #expect(empty.message.contains("the file is empty"))
        let truncated = try #require(log.errors.first { $0.location.path == "broken/dogs.json" })
        #expect(truncated.message.contains("not valid JSON"))
        #expect(truncated.location.line == 3 && truncated.location.column == 37)
    }

    @Test func wrongEncodingAndNonListsAreErrors() throws {
        let (latin, latinLog) = try Support.load("encoding")
        #expect(latin.breeds.isEmpty)
        #expect(latinLog.errors.first?.location.line == 1)
        #expect(latinLog.errors.first?.message.contains("UTF-8") == true)
        let (number, numberLog) = try Support.load("notalist")
        #expect(number.breeds.isEmpty)
        #expect(numberLog.errors.first?.message.contains("a number, not a list of breeds") == true)
    }

    @Test func controlCharactersAreRemovedAndMessagesStayOnOneLine() {
        let (catalog, log) = Support.load(json: #"[{"id": "c\u001b[31m", "name": "Bell\u0007 Cat", "life_span": "\u001b[2J"}]"#)
        #expect(catalog.breeds.first?.name == "Bell  Cat")
        #expect(log.warnings.count == 1)
        #expect(log.warnings.allSatisfy { !$0.description.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func aSingleObjectIsOneBreed() {
        let (catalog, log) = Support.load(json: #"{"id": "solo", "name": "Solo"}"#)
        #expect(catalog.breeds.map(\.id) == ["solo"])
        #expect(log.all.isEmpty)
    }

    @Test func aLargeFileIsReadQuickly() throws {
        var records: [String] = []
        for index in 0..<5_000 {
            records.append(#"{"id": \#(index), "name": "Breed \#(index) <x>", "life_span": "10 - 12 years", "#
                + #""weight": {"imperial": "6 - 13", "metric": "3 - 6"}, "temperament": "A, B, C", "breed_group": "Toy"}"#)
        }
        let (catalog, log) = Support.load(json: "[" + records.joined(separator: ",\n") + "]", fileName: "dogs.json")
        #expect(catalog.breeds.count == 5_000)
        #expect(log.all.isEmpty)
        #expect(catalog.indexDataJSON(root: "../").count > 100_000)
    }
}
