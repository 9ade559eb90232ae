import Testing
@testable import SearchIndex

@Suite("Posting code")
struct PostingCodeTests {
    @Test func knownEncoding() {
        #expect(PostingCode.encode([0]) == "A")
        #expect(PostingCode.encode([31]) == "f")
        #expect(PostingCode.encode([32]) == "gB")
        #expect(PostingCode.encode([1_000]) == "of")
        #expect(PostingCode.encode([0, 31, 32, 1_000]) == "AfgBof")
    }

    /// The computed characters are the alphabet's, for every 6-bit value.
    @Test func everyDigitIsItsAlphabetCharacter() {
        for digit in 0..<64 { #expect(PostingCode.character(of: digit) == PostingCode.alphabet[digit], "\(digit)") }
    }

    @Test("Round trip", arguments: [[], [0], [1, 2, 3], [31, 32, 33, 1_023, 1_024, 1 << 40], Array(0..<70)])
    func roundTrip(_ values: [Int]) {
        #expect(PostingCode.decode(PostingCode.encode(values)) == values)
    }

    @Test func rejectsForeignOrTruncatedText() {
        #expect(PostingCode.decode("A!") == nil)
        #expect(PostingCode.decode("g") == nil)
        #expect(PostingCode.decode("é") == nil)
    }

    @Test func mergedListsGrowByAnEighthAndKeepTheirPostings() {
        // 500 chunks' lists of one frequent term, merged as the builder merges them.
        var merged = PostingList(), oneByOne = PostingList()
        for chunk in 0..<500 {
            var later = PostingList()
            for document in (chunk * 10)..<(chunk * 10 + 10) {
                later.append(document: document, codes: [document % 7, 8 + document % 3])
                oneByOne.append(document: document, codes: [document % 7, 8 + document % 3])
            }
            merged.append(later)
        }
        #expect(merged.bytes == oneByOne.bytes)
        #expect(merged.lastDocument == 4_999)
        #expect(merged.bytes.capacity <= merged.bytes.count + merged.bytes.count / 8 + 64, "doubling leaves up to half unused")
    }
}
