import Foundation
import Testing
@testable import Optotypes

@Suite("Optotype outlines on the 5×5 grid")
struct GlyphTests {
    static let tolerance = 0.002

    func expectRuns(_ actual: [Double], _ expected: [Double], _ comment: Comment) {
        #expect(actual.count == expected.count, comment)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) <= Self.tolerance, comment)
        }
    }

    @Test("every Sloan letter except C fills exactly the 5×5 cell", arguments: SloanLetter.allCases.filter { $0 != .c })
    func sloanBounds(letter: SloanLetter) throws {
        let box = try #require(letter.path.bounds)
        #expect(box == PathBounds(minX: 0, minY: 0, maxX: 5, maxY: 5), "\(letter): \(box)")
    }

    @Test("C is a Landolt C opening right: the gap removes the rightmost 2.5 − √6 of the ring")
    func sloanC() throws {
        let box = try #require(SloanLetter.c.path.bounds)
        #expect(box.minX == 0 && box.minY == 0 && box.maxY == 5)
        #expect(abs(box.maxX - (2.5 + 6.0.squareRoot())) < 1e-12)
        #expect(SloanLetter.c.path == LandoltC.path(opening: .right))
    }

    @Test("Tumbling E: cell-filling in all four orientations, bars and gaps of 1", arguments: OpeningDirection.orthogonal)
    func tumblingE(direction: OpeningDirection) throws {
        let path = TumblingE.path(opening: direction)
        #expect(path.bounds == PathBounds(minX: 0, minY: 0, maxX: 5, maxY: 5))
        let probe = InkProbe(path)
        // Across the bars (parallel to the spine, through the open side): three runs of 1 with gaps of 1.
        let (a, b): (PathPoint, PathPoint) = switch direction {
        case .right: (PathPoint(3, -0.1), PathPoint(3, 5.1))
        case .left: (PathPoint(2, -0.1), PathPoint(2, 5.1))
        case .down: (PathPoint(-0.1, 3), PathPoint(5.1, 3))
        default: (PathPoint(-0.1, 2), PathPoint(5.1, 2))
        }
        expectRuns(probe.runs(from: a, to: b), [1, 1, 1], "bars of \(direction)")
        // Along the middle bar: full length 5 (spine + bar).
        let middle: (PathPoint, PathPoint) = direction == .right || direction == .left
            ? (PathPoint(-0.1, 2.5), PathPoint(5.1, 2.5)) : (PathPoint(2.5, -0.1), PathPoint(2.5, 5.1))
        expectRuns(probe.runs(from: middle.0, to: middle.1), [5], "middle bar of \(direction)")
    }

    @Test("Landolt C: outer diameter 5, inner 3, gap 1 in eight orientations", arguments: OpeningDirection.allCases)
    func landoltC(direction: OpeningDirection) throws {
        let path = LandoltC.path(opening: direction)
        let box = try #require(path.bounds)
        #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= 5 && box.maxY <= 5)
        if direction.rawValue % 2 == 1 {
            #expect(box == PathBounds(minX: 0, minY: 0, maxX: 5, maxY: 5))
        }
        let probe = InkProbe(path)
        let angle = direction.degrees * .pi / 180
        let (ux, uy) = (cos(angle), sin(angle))
        // Opposite the gap: a diameter line crosses ring, hole, ring — stroke 1, hole 3.
        let across = probe.runs(from: PathPoint(2.5 - 2.6 * ux, 2.5 - 2.6 * uy), to: PathPoint(2.5 + 2.6 * ux, 2.5 + 2.6 * uy))
        expectRuns(across, [1], "only the far side is inked along the gap axis (\(direction))")
        // Across the gap at radius 2: ink, gap of exactly 1, ink.
        let (px, py) = (-uy, ux)
        let centre = PathPoint(2.5 + 2 * ux, 2.5 + 2 * uy)
        let chord = probe.runs(from: PathPoint(centre.x - 1.2 * px, centre.y - 1.2 * py), to: PathPoint(centre.x + 1.2 * px, centre.y + 1.2 * py))
        #expect(chord.count == 2, "\(direction): \(chord)")
        let gap = 2.4 - chord.reduce(0, +)
        #expect(abs(gap - 1) < 0.003, "gap \(gap) for \(direction)")
        // Perpendicular to the gap, the ring has stroke 1 on both sides and a hole of 3.
        let cross = probe.runs(from: PathPoint(2.5 - 2.6 * px, 2.5 - 2.6 * py), to: PathPoint(2.5 + 2.6 * px, 2.5 + 2.6 * py))
        expectRuns(cross, [1, 1], "ring stroke (\(direction))")
    }

    @Test("glyphs transform into millimetre cells")
    func transform() throws {
        let path = Optotype.letter(.h).path(height: 10, at: PathPoint(20, 30))
        #expect(path.bounds == PathBounds(minX: 20, minY: 30, maxX: 30, maxY: 40))
    }
}
