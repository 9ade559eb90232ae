import Foundation
import Testing
@testable import SearchIndex

/// `tests/fixtures/stemmer/vectors.json`: words and their stems from the reference implementation
/// (`scripts/gen-stemmer-vectors.py`); `tests/js/stemmer.test.js` checks the client's port on the same file.
private let vectorsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("tests/fixtures/stemmer/vectors.json")

private struct StemmerVectors: Decodable {
    let vectors: [String: String]
}

@Suite("Snowball English stemmer")
struct EnglishStemmerTests {
    @Test func matchesTheReferenceImplementationOnEveryVector() throws {
        let vectors = try JSONDecoder().decode(StemmerVectors.self, from: Data(contentsOf: vectorsFile)).vectors
        #expect(vectors.count > 1000)
        var wrong: [String] = []
        for (word, stem) in vectors.sorted(by: { $0.key < $1.key }) where EnglishStemmer.stem(word) != stem {
            wrong.append("\(word): \(EnglishStemmer.stem(word)) (expected \(stem))")
        }
        #expect(wrong.isEmpty, "\(wrong.count) words stemmed differently: \(wrong.prefix(40).joined(separator: ", "))")
    }

    @Test(arguments: [("detachments", "detach"), ("detachment", "detach"), ("retinal", "retin"), ("studies", "studi"),
                      ("study", "studi")])
    func pluralsAndWordFormsMeet(word: String, stem: String) {
        #expect(EnglishStemmer.stem(word) == stem)
    }

    @Test(arguments: ["ab", "naïve", "x2", "Detach", "τέστ", ""])
    func leavesShortOrNonEnglishWordsAlone(word: String) {
        #expect(EnglishStemmer.stem(word) == word)
    }
}
