import Testing
@testable import Optotypes

@Suite("Chart sequences")
struct SequenceTests {
    static let published: [ChartSequence: String] = [
        .chart1: "NCKZO RHSDK DOVHR CZRHS ONHRC DKSNV ZSOKN CKDNR SRZKD HZOVC NVDOK VHCNO SVHCZ OZDVK",
        .chart2: "DSRKN CKZOH ONRKD KZVDC VSHZO HDKCR CSRHN SVZDK NCVOZ RHSDV SNROH ODHKR ZKCSN CRHDV",
        .chartR: "HVZDS NCVKD CZSHN ONVSR KDNRO ZKCSV DVOHC OHVCK HZCKO NCKHD ZHCSR SZRDN HCDRO RDOSN",
    ]

    @Test("ETDRS charts 1, 2 and R verbatim from +1.0 to -0.3", arguments: [ChartSequence.chart1, .chart2, .chartR])
    func etdrs(sequence: ChartSequence) {
        let rows = sequence.rows(for: .sloan, range: .standard, seed: 99)
        let text = rows.map { $0.map(\.description).joined() }.joined(separator: " ")
        #expect(text == Self.published[sequence])
    }

    @Test("a partial range takes the rows of its logMAR values")
    func partialRange() throws {
        let rows = ChartSequence.chart1.rows(for: .sloan, range: try LogMARRange(parsing: "+0.3..0.0"), seed: 1)
        #expect(rows.map { $0.map(\.description).joined() } == ["CKDNR", "SRZKD", "HZOVC", "NVDOK"])
    }

    @Test("random letters: deterministic per seed, no letter twice within a row or in succession", arguments: [0, 1, 42, 123_456_789] as [UInt64])
    func randomLetters(seed: UInt64) {
        let a = ChartSequence.random.rows(for: .sloan, range: .standard, seed: seed)
        let b = ChartSequence.random.rows(for: .sloan, range: .standard, seed: seed)
        #expect(a == b)
        #expect(a != ChartSequence.random.rows(for: .sloan, range: .standard, seed: seed &+ 1))
        let flat = a.flatMap { $0 }
        for (x, y) in zip(flat, flat.dropFirst()) { #expect(x != y) }
        for row in a { #expect(Set(row).count == 5) }
    }

    @Test("Tumbling E and Landolt C orientations: seeded, never the same twice in succession")
    func orientations() {
        let e = ChartSequence.chart1.rows(for: .tumblingE, range: .standard, seed: 5).flatMap { $0 }
        #expect(e == ChartSequence.chart1.rows(for: .tumblingE, range: .standard, seed: 5).flatMap { $0 })
        for (x, y) in zip(e, e.dropFirst()) { #expect(x != y) }
        var eDirections = Set<OpeningDirection>()
        for optotype in e {
            guard case let .tumblingE(direction) = optotype else { Issue.record("not an E"); continue }
            eDirections.insert(direction)
        }
        #expect(eDirections == Set(OpeningDirection.orthogonal))
        let c = ChartSequence.random.rows(for: .landoltC, range: .standard, seed: 5).flatMap { $0 }
        for (x, y) in zip(c, c.dropFirst()) { #expect(x != y) }
        var cDirections = Set<OpeningDirection>()
        for optotype in c {
            guard case let .landoltC(direction) = optotype else { Issue.record("not a C"); continue }
            cDirections.insert(direction)
        }
        #expect(cDirections.count == 8)
        // Charts 1, 2 and R give different orientation streams for the same seed.
        #expect(ChartSequence.chart1.rows(for: .landoltC, range: .standard, seed: 5)
            != ChartSequence.chart2.rows(for: .landoltC, range: .standard, seed: 5))
    }

    @Test("SplitMix64 reference values")
    func splitMix() {
        var generator = SplitMix64(seed: 1234567)
        #expect(generator.next() == 6_457_827_717_110_365_317)
        #expect(generator.next() == 3_203_168_211_198_807_973)
    }
}
