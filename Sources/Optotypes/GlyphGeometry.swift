/// Construction helpers for optotypes on the 5×5 grid (y down, stroke 1).
enum GlyphGeometry {
    /// The grid size.
    static let cell: Double = 5

    /// A straight stroke of `width` centred on the line through `a` and `b`, extended past both ends and
    /// clipped to the cell, so its ends are cut by the cell edges. Clockwise on a y-down plane.
    static func band(from a: PathPoint, to b: PathPoint, width: Double = 1) -> [PathPoint] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let ux = dx / length, uy = dy / length
        // Normal on the left of travel; extend well past the cell.
        let nx = -uy * width / 2, ny = ux * width / 2
        let start = PathPoint(a.x - ux * 10, a.y - uy * 10)
        let end = PathPoint(b.x + ux * 10, b.y + uy * 10)
        var polygon = [
            PathPoint(start.x + nx, start.y + ny), PathPoint(end.x + nx, end.y + ny),
            PathPoint(end.x - nx, end.y - ny), PathPoint(start.x - nx, start.y - ny),
        ]
        if signedArea(polygon) < 0 { polygon.reverse() }
        return clipToCell(polygon)
    }

    /// Twice the signed area; positive for clockwise polygons on a y-down plane.
    static func signedArea(_ polygon: [PathPoint]) -> Double {
        var sum = 0.0
        for index in polygon.indices {
            let p = polygon[index], q = polygon[(index + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    /// Sutherland–Hodgman clipping of a convex polygon to the square [0, 5]².
    static func clipToCell(_ polygon: [PathPoint]) -> [PathPoint] {
        var result = polygon
        // (is x the clipped coordinate, the edge value, +1 keeps values above it / −1 below).
        let edges: [(isX: Bool, value: Double, sign: Double)] = [(true, 0, 1), (true, cell, -1), (false, 0, 1), (false, cell, -1)]
        for edge in edges {
            let input = result
            result = []
            func distance(_ p: PathPoint) -> Double { ((edge.isX ? p.x : p.y) - edge.value) * edge.sign }
            for index in input.indices {
                let current = input[index], next = input[(index + 1) % input.count]
                let dc = distance(current), dn = distance(next)
                if dc >= 0 { result.append(current) }
                if (dc >= 0) != (dn >= 0) {
                    let t = dc / (dc - dn)
                    // The crossing lies exactly on the edge; set that coordinate exactly.
                    if edge.isX {
                        result.append(PathPoint(edge.value, current.y + t * (next.y - current.y)))
                    } else {
                        result.append(PathPoint(current.x + t * (next.x - current.x), edge.value))
                    }
                }
            }
        }
        return result
    }

    /// A ring of outer diameter 5 and inner diameter 3 centred in the cell, with a gap of width 1 whose
    /// parallel sides are symmetric about the direction `gapDegrees` (0° = right, 90° = down).
    static func landoltRing(gapDegrees: Double) -> GlyphPath {
        let centre = PathPoint(2.5, 2.5)
        let outer = 2.5, inner = 1.5, halfGap = 0.5
        let outerHalfAngle = asinDegrees(halfGap / outer)
        let innerHalfAngle = asinDegrees(halfGap / inner)
        var path = GlyphPath()
        path.commands.append(.move(to: GlyphPath.ellipsePoint(centre: centre, rx: outer, ry: outer, degrees: gapDegrees + outerHalfAngle)))
        path.addArc(centre: centre, rx: outer, ry: outer, from: gapDegrees + outerHalfAngle, to: gapDegrees + 360 - outerHalfAngle)
        path.commands.append(.line(to: GlyphPath.ellipsePoint(centre: centre, rx: inner, ry: inner, degrees: gapDegrees + 360 - innerHalfAngle)))
        path.addArc(centre: centre, rx: inner, ry: inner, from: gapDegrees + 360 - innerHalfAngle, to: gapDegrees + innerHalfAngle)
        path.commands.append(.close)
        return path
    }

    private static func asinDegrees(_ value: Double) -> Double {
        // asin via atan2 keeps Foundation out of this file's concerns.
        atan2Degrees(value, (1 - value * value).squareRoot())
    }

    private static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        GlyphMath.atan2(y, x) * 180 / Double.pi
    }
}
