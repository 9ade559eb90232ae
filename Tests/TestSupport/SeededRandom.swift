import Optotypes

/// A seeded generator (the charts' SplitMix64), so every run of a seeded test checks the same cases.
public struct SeededRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    /// A generator starting at `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound` (`bound` > 0), by remainder.
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
