/// SplitMix64: a small, fast, fully deterministic generator, so a seed always gives the same chart.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0) by multiply-shift, identical on every platform.
    public mutating func index(below bound: Int) -> Int {
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }
}
