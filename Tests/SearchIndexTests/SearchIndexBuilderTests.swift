import Foundation
import Testing
@testable import SearchIndex
import TestSupport

@Suite("Building the index")
struct SearchIndexBuilderTests {
    let bundle = SearchIndexBuilder().build(IndexFixtures.cards)

    @Test func postsTitlePathHeaderAndBodyOnTheRightSection() throws {
        let carbonic = try #require(IndexFixtures.postings(of: "carbonic", in: bundle))
        #expect(carbonic.map { [$0.0, $0.1, $0.2] } == [[0, 0, PostingCode.Field.title.rawValue]])
        let glaucoma = try #require(IndexFixtures.postings(of: "glaucoma", in: bundle))
        #expect(glaucoma.map { [$0.0, $0.1, $0.2] } == [[0, 0, PostingCode.Field.path.rawValue]])
        let drusen = try #require(IndexFixtures.postings(of: "drusen", in: bundle))
        #expect(drusen.map { [$0.0, $0.1, $0.2] } == [[1, 0, 3], [1, 1, 1]])
        let stones = try #require(IndexFixtures.postings(of: "stones", in: bundle))
        #expect(stones.map { [$0.0, $0.1, $0.2] } == [[0, 2, 0]])
        #expect(IndexFixtures.postings(of: "οφθαλμοσ", in: bundle)?.first?.0 == 2)
        #expect(IndexFixtures.postings(of: "網", in: bundle)?.first?.0 == 2)
        #expect(IndexFixtures.postings(of: "👁", in: bundle)?.first?.0 == 2)
    }

    @Test func countsAndShards() {
        #expect(bundle.manifest.version == 1)
        #expect(bundle.manifest.documentCount == 3)
        #expect(bundle.manifest.sectionCount == 5)
        #expect(bundle.manifest.documentShardCount == 1)
        #expect(bundle.documentShards.first?.documents == IndexFixtures.cards)
        #expect(bundle.manifest.termCount == bundle.termShards.reduce(0) { $0 + $1.terms.count })
    }

    @Test func termTableIsSortedAndShardedForPrefixSearch() throws {
        let small = SearchIndexBuilder(documentsPerShard: 1, termShardBytes: 256).build(IndexFixtures.cards)
        #expect(small.termShards.count > 1)
        #expect(small.documentShards.count == 3)
        let all = small.termShards.flatMap(\.terms)
        #expect(all == all.sorted(by: SearchText.precedes))
        #expect(Set(all).count == all.count)
        #expect(small.manifest.termShards == small.termShards.map { $0.terms[0] })
        for shard in small.termShards { #expect(shard.terms.count == shard.postings.count) }
        // A prefix range found by binary search over the shard table, then inside the shard.
        let prefix = "an"
        let shard = try #require(small.manifest.termShards.lastIndex { !SearchText.precedes(prefix, $0) })
        let found = small.termShards[shard...].flatMap(\.terms).filter { $0.hasPrefix(prefix) }
        #expect(found == ["anhydrase", "anti"])
        #expect(all.filter { $0.hasPrefix(prefix) } == found)
    }

    @Test func emptyInputGivesAUsableIndex() throws {
        let empty = SearchIndexBuilder().build([])
        #expect(empty.manifest.documentCount == 0)
        #expect(empty.termShards.count == 1)
        #expect(empty.manifest.termShards == [""])
        let files = try empty.files()
        #expect(files.map(\.path) == ["index.js", "index.json", "terms/0.js", "terms/0.json"])
    }

    /// Thousands of documents span many tokenising chunks and merge windows: every term's postings
    /// must still be each (document, section, field) it occurs in, in order, once.
    @Test func postingsAcrossChunksMatchANaiveIndex() throws {
        let words = ["retina", "macula", "lens", "iris", "cornea", "optic", "nerve", "drusen"]
        let documents = (0..<5_000).map { number in
            SearchDocument(
                url: "d\(number).html", title: "\(words[number % 8]) \(words[number % 3])", path: ["Eye", words[number % 5]], kind: .card,
                sections: [SearchSection(anchor: "s1", header: words[number % 7], text: "\(words[number % 8]) and \(words[(number / 7) % 8])")])
        }
        let bundle = SearchIndexBuilder().build(documents)
        for term in words {
            var expected: [(Int, Int, Int)] = []
            for (number, document) in documents.enumerated() {
                var codes = Set<Int>()
                if document.title.split(separator: " ").contains(Substring(term)) { codes.insert(PostingCode.Field.title.rawValue) }
                if document.path.contains(term) { codes.insert(PostingCode.Field.path.rawValue) }
                if document.sections[0].header == term { codes.insert(1 << 2 | PostingCode.Field.header.rawValue) }
                if document.sections[0].text.split(separator: " ").contains(Substring(term)) { codes.insert(1 << 2 | PostingCode.Field.body.rawValue) }
                expected += codes.sorted().map { (number, $0 >> 2, $0 & 3) }
            }
            let found = try #require(IndexFixtures.postings(of: term, in: bundle))
            #expect(found.map { [$0.0, $0.1, $0.2] } == expected.map { [$0.0, $0.1, $0.2] }, "\(term)")
        }
    }

    /// Thousands of distinct words of equal lengths (more than the tokeniser's cache of recent words has
    /// slots, so many share one): each word's postings are exactly the documents that hold it.
    @Test func manyDistinctWordsArePostedOnTheirOwnDocuments() throws {
        var generator = SeededRandom(seed: 7)
        let letters = Array("bcdfghjklmnpqrstvwxz")
        let vocabulary = Array(Set((0..<6_000).map { _ in
            String((0..<Int.random(in: 4...6, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        })).sorted()
        let documents = (0..<2_000).map { number in
            let own = (0..<6).map { _ in vocabulary.randomElement(using: &generator)! }
            return (own, SearchDocument(url: "d\(number).html", title: "", path: [], kind: .card,
                                        sections: [SearchSection(anchor: "s1", header: "", text: own.joined(separator: " "))]))
        }
        let bundle = SearchIndexBuilder().build(documents.map(\.1))
        var holders: [String: [Int]] = [:]
        for (number, (own, _)) in documents.enumerated() {
            for word in Set(own) { holders[word, default: []].append(number) }
        }
        #expect(holders.count > 4_096)
        for (word, numbers) in holders {
            let found = try #require(IndexFixtures.postings(of: word, in: bundle), "\(word)")
            #expect(found.map(\.0) == numbers, "\(word)")
        }
        let indexed = Set(bundle.termShards.flatMap(\.terms).filter { !$0.hasPrefix("~") })
        #expect(indexed == Set(holders.keys))
    }

    /// A builder with a memory reuses the chunks whose documents did not change, and still gives
    /// exactly the index a builder without one gives.
    @Test func aMemoryReusesUnchangedChunksExactly() {
        var documents = (0..<1_000).map { number in
            SearchDocument(url: "d\(number).html", title: "Card \(number)", path: ["Eye"], kind: .card,
                           sections: [SearchSection(anchor: "s1", header: "Question \(number % 13)", text: "retina macula \(number % 17)")])
        }
        var remembering = SearchIndexBuilder()
        remembering.memo = PostingMemo()
        #expect(remembering.build(documents) == SearchIndexBuilder().build(documents))
        documents[700].sections[0].text = "choroid drusen"
        documents[10].title = "Renamed"
        #expect(remembering.build(documents) == SearchIndexBuilder().build(documents))
        documents.insert(documents[0], at: 0)
        #expect(remembering.build(documents) == SearchIndexBuilder().build(documents))
    }
}
