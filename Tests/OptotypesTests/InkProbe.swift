@testable import Optotypes

/// Measures a glyph's ink along lines by flattening its curves and applying its fill rule.
struct InkProbe {
    let polygons: [[PathPoint]]
    let fillRule: FillRule

    init(_ path: GlyphPath) {
        var polygons: [[PathPoint]] = []
        var current: [PathPoint] = []
        var last = PathPoint(0, 0)
        for command in path.commands {
            switch command {
            case let .move(p):
                if !current.isEmpty { polygons.append(current) }
                current = [p]
                last = p
            case let .line(p):
                current.append(p)
                last = p
            case let .curve(p, c1, c2):
                for step in 1...64 {
                    current.append(GlyphPath.cubicPoint(last, c1, c2, p, Double(step) / 64))
                }
                last = p
            case .close:
                if !current.isEmpty { polygons.append(current) }
                current = []
            }
        }
        if !current.isEmpty { polygons.append(current) }
        self.polygons = polygons
        self.fillRule = path.fillRule
    }

    /// Whether `p` is inked.
    func contains(_ p: PathPoint) -> Bool {
        var winding = 0
        var crossings = 0
        for polygon in polygons {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                if (a.y <= p.y) != (b.y <= p.y) {
                    let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    if x > p.x {
                        crossings += 1
                        winding += b.y > a.y ? 1 : -1
                    }
                }
            }
        }
        return fillRule == .evenOdd ? crossings % 2 == 1 : winding != 0
    }

    /// Lengths of the inked runs along the segment from `a` to `b`, sampled every 1/2000 of a unit.
    func runs(from a: PathPoint, to b: PathPoint) -> [Double] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let samples = Int(length * 2000)
        var runs: [Double] = []
        var run = 0
        for index in 0...samples {
            let t = Double(index) / Double(samples)
            if contains(PathPoint(a.x + t * dx, a.y + t * dy)) {
                run += 1
            } else if run > 0 {
                runs.append(Double(run) / 2000)
                run = 0
            }
        }
        if run > 0 { runs.append(Double(run) / 2000) }
        return runs
    }
}
