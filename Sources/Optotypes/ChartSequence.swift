/// Which optotypes appear in which order on a chart.
public enum ChartSequence: String, Sendable, Equatable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// ETDRS chart 1 (right eye).
    case chart1 = "1"
    /// ETDRS chart 2 (left eye).
    case chart2 = "2"
    /// ETDRS chart R (refraction).
    case chartR = "R"
    /// Seeded random letters (or orientations).
    case random

    /// Parses `1`, `2`, `R` (or `r`), `random`.
    public init(named name: String) throws(OptotypeInputError) {
        switch name.trimmingASCIIWhitespace().lowercased() {
        case "1": self = .chart1
        case "2": self = .chart2
        case "r": self = .chartR
        case "random": self = .random
        default: throw .unknownSequence(name)
        }
    }

    /// The published ETDRS rows, from logMAR +1.0 down to −0.3 (14 rows of 5 letters).
    public static let etdrsRows: [ChartSequence: [String]] = [
        .chart1: "NCKZO RHSDK DOVHR CZRHS ONHRC DKSNV ZSOKN CKDNR SRZKD HZOVC NVDOK VHCNO SVHCZ OZDVK".split(separator: " ").map(String.init),
        .chart2: "DSRKN CKZOH ONRKD KZVDC VSHZO HDKCR CSRHN SVZDK NCVOZ RHSDV SNROH ODHKR ZKCSN CRHDV".split(separator: " ").map(String.init),
        .chartR: "HVZDS NCVKD CZSHN ONVSR KDNRO ZKCSV DVOHC OHVCK HZCKO NCKHD ZHCSR SZRDN HCDRO RDOSN".split(separator: " ").map(String.init),
    ]

    /// `ETDRS chart 1`, `random`.
    public var description: String {
        self == .random ? "random" : "ETDRS chart \(rawValue)"
    }

    /// The optotypes of each row of `range`, five per row, largest row first.
    ///
    /// ETDRS rows are taken by logMAR (row +1.0 is the first published row; rows outside +1.0…−0.3 wrap
    /// around the 14 published rows). Random letters never repeat within a row nor follow themselves
    /// across rows. Tumbling E and Landolt C use seeded orientations, never the same twice in succession;
    /// the ETDRS chart names select different streams so charts 1, 2 and R differ.
    public func rows(for kind: OptotypeKind, range: LogMARRange, seed: UInt64) -> [[Optotype]] {
        let steps = range.steps
        switch kind {
        case .sloan:
            if let published = Self.etdrsRows[self] {
                return steps.map { step in
                    let index = ((10 - step.tenths) % 14 + 14) % 14
                    return published[index].compactMap(SloanLetter.init(character:)).map(Optotype.letter)
                }
            }
            var generator = SplitMix64(seed: seed)
            var previous: SloanLetter?
            return steps.map { _ in
                var row: [SloanLetter] = []
                while row.count < 5 {
                    let candidate = SloanLetter.allCases[generator.index(below: SloanLetter.allCases.count)]
                    if row.contains(candidate) || candidate == previous { continue }
                    row.append(candidate)
                    previous = candidate
                }
                return row.map(Optotype.letter)
            }
        case .tumblingE, .landoltC:
            let choices = kind == .tumblingE ? OpeningDirection.orthogonal : OpeningDirection.allCases
            var generator = SplitMix64(seed: seed ^ streamSalt)
            var previous: OpeningDirection?
            return steps.map { _ in
                (0..<5).map { _ in
                    var candidate: OpeningDirection
                    repeat {
                        candidate = choices[generator.index(below: choices.count)]
                    } while candidate == previous
                    previous = candidate
                    return kind == .tumblingE ? Optotype.tumblingE(candidate) : Optotype.landoltC(candidate)
                }
            }
        }
    }

    private var streamSalt: UInt64 {
        switch self {
        case .random: 0
        case .chart1: 0x0000_0000_0000_0001
        case .chart2: 0x0000_0000_0000_0002
        case .chartR: 0x0000_0000_0000_0052
        }
    }
}
