import Foundation

extension GlyphPath {
    /// A closed polygon through `points`.
    public static func polygon(_ points: [PathPoint]) -> GlyphPath {
        var path = GlyphPath()
        path.addPolygon(points)
        return path
    }

    /// Adds a closed polygon.
    public mutating func addPolygon(_ points: [PathPoint]) {
        guard let first = points.first else { return }
        commands.append(.move(to: first))
        for point in points.dropFirst() { commands.append(.line(to: point)) }
        commands.append(.close)
    }

    /// Adds an axis-aligned rectangle as a clockwise (on a y-down plane) subpath.
    public mutating func addRectangle(x: Double, y: Double, width: Double, height: Double) {
        addPolygon([PathPoint(x, y), PathPoint(x + width, y), PathPoint(x + width, y + height), PathPoint(x, y + height)])
    }

    /// The point at parametric angle `degrees` on an axis-aligned ellipse (0° = right, 90° = down on a y-down plane).
    static func ellipsePoint(centre: PathPoint, rx: Double, ry: Double, degrees: Double) -> PathPoint {
        let (c, s) = exactCosSin(degrees)
        return PathPoint(centre.x + rx * c, centre.y + ry * s)
    }

    /// Cosine and sine of an angle in degrees, exact at multiples of 90°.
    static func exactCosSin(_ degrees: Double) -> (Double, Double) {
        let quarter = degrees / 90
        if quarter == quarter.rounded() {
            switch ((Int(quarter) % 4) + 4) % 4 {
            case 0: return (1, 0)
            case 1: return (0, 1)
            case 2: return (-1, 0)
            default: return (0, -1)
            }
        }
        let radians = degrees * Double.pi / 180
        return (cos(radians), sin(radians))
    }

    /// Appends an elliptical arc from parametric angle `start` to `end` (degrees, either direction) as cubic
    /// Béziers. The current point must already be at the arc start. Segments are split at every multiple of
    /// 90° so that the extreme points are exact segment ends (the bounding box is exact).
    public mutating func addArc(centre: PathPoint, rx: Double, ry: Double, from start: Double, to end: Double) {
        guard start != end else { return }
        var breaks: [Double] = [start]
        let ascending = end > start
        var k = ascending ? (start / 90).rounded(.down) + 1 : (start / 90).rounded(.up) - 1
        while ascending ? k * 90 < end : k * 90 > end {
            breaks.append(k * 90)
            k += ascending ? 1 : -1
        }
        breaks.append(end)
        for index in 0..<(breaks.count - 1) {
            let a0 = breaks[index], a1 = breaks[index + 1]
            let delta = (a1 - a0) * Double.pi / 180
            let kappa = 4.0 / 3.0 * tan(delta / 4)
            let (c0, s0) = Self.exactCosSin(a0)
            let (c1, s1) = Self.exactCosSin(a1)
            let p1 = PathPoint(centre.x + rx * c1, centre.y + ry * s1)
            let control1 = PathPoint(centre.x + rx * (c0 - kappa * s0), centre.y + ry * (s0 + kappa * c0))
            let control2 = PathPoint(centre.x + rx * (c1 + kappa * s1), centre.y + ry * (s1 - kappa * c1))
            commands.append(.curve(to: p1, control1: control1, control2: control2))
        }
    }
}
