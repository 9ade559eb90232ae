import Foundation
import Testing
@testable import Optotypes

/// Stroke width of every Sloan letter measured perpendicular to the stroke at points all along it,
/// straight parts and curves alike: 1 grid unit (h/5) within ±2 %.
@Suite("Sloan stroke widths")
struct SloanStrokeTests {
    /// A place to measure: a point on a stroke's centre line and the direction across the stroke.
    struct Probe: CustomStringConvertible {
        var centre: PathPoint
        var across: (Double, Double)
        var description: String { "(\(DecimalText.fixed(centre.x, places: 3)), \(DecimalText.fixed(centre.y, places: 3)))" }
    }

    /// Points evenly spaced on the centre line from `a` to `b` (both ends excluded), measured across the line.
    static func straight(_ a: PathPoint, _ b: PathPoint, count: Int = 9) -> [Probe] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        return (1...count).map { index in
            let t = Double(index) / Double(count + 1)
            return Probe(centre: PathPoint(a.x + t * dx, a.y + t * dy), across: (-dy / length, dx / length))
        }
    }

    /// Points on a ring of centre-line radius `radius` between two angles (degrees, 0 = right, 90 = down), measured radially.
    static func ring(_ centre: PathPoint, radius: Double, from start: Double, to end: Double, count: Int = 12) -> [Probe] {
        (0...count).map { index in
            let degrees = start + (end - start) * Double(index) / Double(count)
            let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
            return Probe(centre: PathPoint(centre.x + radius * c, centre.y + radius * s), across: (c, s))
        }
    }

    static func p(_ x: Double, _ y: Double) -> PathPoint { PathPoint(x, y) }

    /// Where each letter is measured; junctions (where strokes merge) and cut ends are left out.
    static func probes(_ letter: SloanLetter) -> [Probe] {
        switch letter {
        case .c:
            return ring(p(2.5, 2.5), radius: 2, from: 30, to: 330, count: 30)
        case .o:
            return ring(p(2.5, 2.5), radius: 2, from: 0, to: 360, count: 36)
        case .d:
            return straight(p(0.5, 1.2), p(0.5, 3.8)) + straight(p(1.2, 0.5), p(3.5, 0.5)) + straight(p(1.2, 4.5), p(3.5, 4.5))
                + straight(p(4.5, 1.5), p(4.5, 3.5)) + ring(p(3.5, 1.5), radius: 1, from: -90, to: 0)
                + ring(p(3.5, 3.5), radius: 1, from: 0, to: 90)
        case .h:
            return straight(p(0.5, 0), p(0.5, 2)) + straight(p(0.5, 3), p(0.5, 5)) + straight(p(4.5, 0), p(4.5, 2))
                + straight(p(4.5, 3), p(4.5, 5)) + straight(p(1.2, 2.5), p(3.8, 2.5))
        case .k:
            // Arm centre line: the lower edge (5, 0) → (1, 3) moved 0.5 along (−0.6, −0.8); leg centre line: its right
            // edge (2.5, 1.875) → (5, 5) moved 0.5 to its left.
            let arm = { (s: Double) in PathPoint(5 - 4 * s - 0.3, 3 * s - 0.4) }
            let leg = { (t: Double) -> PathPoint in
                let length = (2.5 * 2.5 + 3.125 * 3.125).squareRoot()
                return PathPoint(2.5 + 2.5 * t - 0.5 * 3.125 / length, 1.875 + 3.125 * t + 0.5 * 2.5 / length)
            }
            return straight(p(0.5, 0), p(0.5, 1.5), count: 4) + straight(p(0.5, 3.3), p(0.5, 5), count: 4)
                + straight(arm(0.3), arm(0.55), count: 5) + straight(arm(0.825), arm(0.85), count: 2)
                + straight(leg(0.3), leg(0.85), count: 7)
        case .n:
            let t = SloanLetter.diagonalThickness
            return straight(p(0.5, 1.8), p(0.5, 5)) + straight(p(4.5, 0), p(4.5, 3.2))
                + straight(p(1, t / 2).moved(0.5, 0.5 * 3 / (5 - t)), p(4, 5 - t / 2).moved(-0.5, -0.5 * 3 / (5 - t)))
        case .z:
            let w = SloanLetter.diagonalThickness
            return straight(p(0, 0.5), p(3.2, 0.5)) + straight(p(1.8, 4.5), p(5, 4.5))
                + straight(p(5 - w / 2, 1).moved(-0.5 * 3 / (5 - w), 0.5), p(w / 2, 4).moved(0.5 * 3 / (5 - w), -0.5))
        case .v:
            let w = (-2.5 + (6.25 + 4 * 24.75 * 31.25).squareRoot()) / 49.5
            return straight(p(w / 2, 0), p(2.5, 5), count: 7).dropLast(2) + straight(p(5 - w / 2, 0), p(2.5, 5), count: 7).dropLast(2)
        case .r:
            let horizontal = 5.0.squareRoot() / 2
            return straight(p(0.5, 1.1), p(0.5, 1.9), count: 3) + straight(p(0.5, 3.1), p(0.5, 5), count: 5) + straight(p(1.2, 0.5), p(3.5, 0.5)) + straight(p(1.2, 2.5), p(2.5, 2.5), count: 4)
                + ring(p(3.5, 1.5), radius: 1, from: -90, to: 45)
                + straight(p(5 - horizontal / 2 - 0.75, 3.5), p(5 - horizontal / 2, 5), count: 5)
        case .s:
            return ring(p(3.5, 1.5), radius: 1, from: -85, to: -5) + straight(p(1.5, 0.5), p(3.5, 0.5), count: 4)
                + ring(p(1.5, 1.5), radius: 1, from: -265, to: -95) + straight(p(1.5, 2.5), p(3.5, 2.5), count: 4)
                + ring(p(3.5, 3.5), radius: 1, from: -85, to: 85) + straight(p(1.5, 4.5), p(3.5, 4.5), count: 4)
                + ring(p(1.5, 3.5), radius: 1, from: 95, to: 175)
        }
    }

    /// The width of ink through `probe.centre` along `probe.across`: 0.01-unit steps to the edge, then bisection to 10⁻⁶.
    static func width(_ ink: InkProbe, _ probe: Probe) -> Double {
        var total = 0.0
        for sign in [1.0, -1.0] {
            func inked(_ distance: Double) -> Bool {
                ink.contains(PathPoint(probe.centre.x + sign * distance * probe.across.0, probe.centre.y + sign * distance * probe.across.1))
            }
            var inside = 0.0
            while inside < 3, inked(inside + 0.01) { inside += 0.01 }
            var outside = inside + 0.01
            while outside - inside > 1e-6 {
                let middle = (inside + outside) / 2
                if inked(middle) { inside = middle } else { outside = middle }
            }
            total += inside
        }
        return total
    }

    @Test("stroke width is h/5 within ±2 % all along every letter, curves included", arguments: SloanLetter.allCases)
    func strokeWidth(letter: SloanLetter) {
        let ink = InkProbe(letter.path)
        let probes = Self.probes(letter)
        #expect(probes.count >= 10)
        var worst = 0.0
        for probe in probes {
            let width = Self.width(ink, probe)
            worst = max(worst, abs(width - 1))
            #expect(abs(width - 1) <= 0.02, "\(letter) at \(probe): stroke \(width)")
        }
        print("Sloan \(letter.rawValue): \(probes.count) stroke probes, worst deviation \(String(format: "%.2f", worst * 100)) %")
    }
}

private extension PathPoint {
    func moved(_ dx: Double, _ dy: Double) -> PathPoint { PathPoint(x + dx, y + dy) }
}
