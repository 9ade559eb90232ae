import Diagnostics
import Testing

@Suite("Mapping on every core")
struct ConcurrentMapTests {
    /// Every element is mapped once and lands at its own place, whatever the part size: one element a
    /// part, parts that do not divide the count, one part for all, and no elements at all.
    @Test(arguments: [1, 7, 64, 1000, 5000])
    func everyElementKeepsItsPlace(part: Int) {
        let numbers = Array(0..<3001)
        #expect(numbers.concurrentMap(part: part) { $0 * 3 + 1 } == numbers.map { $0 * 3 + 1 })
        #expect([Int]().concurrentMap(part: part) { $0 }.isEmpty)
        #expect(["a", "b"].concurrentMap(part: part) { $0.uppercased() } == ["A", "B"])
    }
}
