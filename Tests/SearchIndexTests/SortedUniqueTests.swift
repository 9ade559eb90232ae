@testable import SearchIndex
import Testing
import TestSupport

@Suite("A term's codes in one document")
struct SortedUniqueTests {
    @Test func sortedUniqueIsTheDistinctCodesInOrder() {
        var random = SeededRandom(seed: 21)
        for _ in 0..<500 {
            let codes = (0..<random.next(below: 12)).map { _ in random.next(below: 9) }
            #expect(codes.sortedUnique() == Array(Set(codes)).sorted(), "\(codes)")
        }
        #expect([Int]().sortedUnique() == [])
        #expect([7, 7, 7].sortedUnique() == [7])
    }
}
