/// An axis-aligned rectangle.
public struct PathBounds: Sendable, Equatable, Hashable, Codable {
    /// Smallest x.
    public var minX: Double
    /// Smallest y.
    public var minY: Double
    /// Largest x.
    public var maxX: Double
    /// Largest y.
    public var maxY: Double

    /// Creates a rectangle from its extremes.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// `maxX − minX`.
    public var width: Double { maxX - minX }
    /// `maxY − minY`.
    public var height: Double { maxY - minY }

    mutating func include(_ p: PathPoint) {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }
}

extension GlyphPath {
    /// The exact bounding box of the filled area, including the extremes of curves; `nil` when empty.
    public var bounds: PathBounds? {
        var box: PathBounds?
        var current = PathPoint(0, 0)
        func include(_ p: PathPoint) {
            if box == nil { box = PathBounds(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y) } else { box?.include(p) }
        }
        for command in commands {
            switch command {
            case let .move(p), let .line(p):
                include(p)
                current = p
            case let .curve(p, c1, c2):
                include(p)
                for t in Self.cubicExtremes(current.x, c1.x, c2.x, p.x) + Self.cubicExtremes(current.y, c1.y, c2.y, p.y) {
                    include(Self.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .close:
                break
            }
        }
        return box
    }

    static func cubicPoint(_ p0: PathPoint, _ p1: PathPoint, _ p2: PathPoint, _ p3: PathPoint, _ t: Double) -> PathPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return PathPoint(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has zero derivative.
    static func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // Derivative / 3 = a t² + b t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
