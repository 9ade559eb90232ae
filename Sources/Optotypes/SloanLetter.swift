/// The ten Sloan letters, drawn on a 5×5 grid with stroke 1 from their geometry (never from a font).
public enum SloanLetter: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The letters, named by their capital.
    case c = "C", d = "D", h = "H", k = "K", n = "N", o = "O", r = "R", s = "S", v = "V", z = "Z"

    /// The letter for a character of an ETDRS sequence, or `nil`.
    public init?(character: Character) {
        self.init(rawValue: String(character).uppercased())
    }

    /// The outline in grid units: x and y in 0…5, y pointing down.
    public var path: GlyphPath {
        switch self {
        case .c: return GlyphGeometry.landoltRing(gapDegrees: 0)
        case .o: return Self.oPath
        case .d: return Self.dPath
        case .h: return Self.hPath
        case .k: return Self.kPath
        case .n: return Self.nPath
        case .r: return Self.rPath
        case .s: return Self.sPath
        case .v: return Self.vPath
        case .z: return Self.zPath
        }
    }

    private static func p(_ x: Double, _ y: Double) -> PathPoint { PathPoint(x, y) }

    private static let oPath: GlyphPath = {
        let centre = p(2.5, 2.5)
        var path = GlyphPath(fillRule: .evenOdd)
        for radius in [2.5, 1.5] {
            path.commands.append(.move(to: p(5 - (2.5 - radius), 2.5)))
            path.addArc(centre: centre, rx: radius, ry: radius, from: 0, to: 360)
            path.commands.append(.close)
        }
        return path
    }()

    /// A stem on the left, horizontal bars to the middle, and a half-ring bowl of outer radius 2.5.
    private static let dPath: GlyphPath = {
        var path = GlyphPath(fillRule: .evenOdd)
        let centre = p(2.5, 2.5)
        path.commands += [.move(to: p(0, 0)), .line(to: p(2.5, 0))]
        path.addArc(centre: centre, rx: 2.5, ry: 2.5, from: -90, to: 90)
        path.commands += [.line(to: p(0, 5)), .close]
        path.commands += [.move(to: p(1, 1)), .line(to: p(2.5, 1))]
        path.addArc(centre: centre, rx: 1.5, ry: 1.5, from: -90, to: 90)
        path.commands += [.line(to: p(1, 4)), .close]
        return path
    }()

    private static let hPath: GlyphPath = .polygon([
        p(0, 0), p(1, 0), p(1, 2), p(4, 2), p(4, 0), p(5, 0),
        p(5, 5), p(4, 5), p(4, 3), p(1, 3), p(1, 5), p(0, 5),
    ])

    /// A stem and two arms of stroke 1 from the middle of the stem to the right-hand corners.
    private static let kPath: GlyphPath = {
        var path = GlyphPath()
        path.addRectangle(x: 0, y: 0, width: 1, height: 5)
        path.addPolygon(GlyphGeometry.band(from: p(1, 2.5), to: p(5, 0)))
        path.addPolygon(GlyphGeometry.band(from: p(1, 2.5), to: p(5, 5)))
        return path
    }()

    /// Two stems and a diagonal whose horizontal run 1.25 gives a perpendicular stroke of exactly 1
    /// (w·5/√((5−w)²+25) = 1 ⇒ w = 1.25).
    private static let nPath: GlyphPath = {
        var path = GlyphPath()
        path.addRectangle(x: 0, y: 0, width: 1, height: 5)
        path.addRectangle(x: 4, y: 0, width: 1, height: 5)
        path.addPolygon(GlyphGeometry.band(from: p(0.625, 0), to: p(4.375, 5)))
        return path
    }()

    private static let zPath: GlyphPath = {
        var path = GlyphPath()
        path.addRectangle(x: 0, y: 0, width: 5, height: 1)
        path.addRectangle(x: 0, y: 4, width: 5, height: 1)
        path.addPolygon(GlyphGeometry.band(from: p(4.375, 0), to: p(0.625, 5)))
        return path
    }()

    /// Two arms of perpendicular stroke 1 meeting in a flat foot of width 1 at the bottom centre.
    private static let vPath: GlyphPath = {
        // Outer edges run from the top corners to (2, 5) and (3, 5); the horizontal width w of an arm with
        // perpendicular stroke 1 along direction (2, 5) is √29 / 5.
        let w = (29.0).squareRoot() / 5
        let crotch = (2.5 - w) * 2.5
        return .polygon([p(0, 0), p(w, 0), p(2.5, crotch), p(5 - w, 0), p(5, 0), p(3, 5), p(2, 5)])
    }()

    /// A stem, a bowl of outer height 3 (half-ring of radius 1.5 reaching x = 5), and a leg to the bottom
    /// right corner; the leg's horizontal run w solves w·2/√((3−w)²+4) = 1.
    private static let rPath: GlyphPath = {
        var path = GlyphPath()
        path.commands += [.move(to: p(0, 0)), .line(to: p(3.5, 0))]
        path.addArc(centre: p(3.5, 1.5), rx: 1.5, ry: 1.5, from: -90, to: 90)
        path.commands += [.line(to: p(1, 3)), .line(to: p(1, 5)), .line(to: p(0, 5)), .close]
        // The counter runs the other way so non-zero filling leaves it empty.
        path.commands += [.move(to: p(1, 1)), .line(to: p(1, 2)), .line(to: p(3.5, 2))]
        path.addArc(centre: p(3.5, 1.5), rx: 0.5, ry: 0.5, from: 90, to: -90)
        path.commands += [.close]
        let w = (-6 + (192.0).squareRoot()) / 6
        // Leg from the bottom of the bowl (top edge x 2…2+w at y 3) to the corner, started at y 2.5 inside the bar.
        let dx = (5 - w) - 2, dy = 2.0
        let back = 0.5 / dy
        path.addPolygon([p(2 - dx * back, 2.5), p(2 + w - dx * back, 2.5), p(5, 5), p(5 - w, 5)])
        return path
    }()

    /// Two stacked elliptical half-rings (outer 5×3, inner 3×1, so stroke 1 both ways) sharing the middle
    /// bar y 2…3, as one contour with terminals cut along the parametric angles −35° and 145°.
    private static let sPath: GlyphPath = {
        let top = p(2.5, 1.5), bottom = p(2.5, 3.5)
        var path = GlyphPath()
        path.commands.append(.move(to: GlyphPath.ellipsePoint(centre: top, rx: 2.5, ry: 1.5, degrees: -35)))
        path.addArc(centre: top, rx: 2.5, ry: 1.5, from: -35, to: -270)
        path.addArc(centre: bottom, rx: 1.5, ry: 0.5, from: -90, to: 145)
        path.commands.append(.line(to: GlyphPath.ellipsePoint(centre: bottom, rx: 2.5, ry: 1.5, degrees: 145)))
        path.addArc(centre: bottom, rx: 2.5, ry: 1.5, from: 145, to: -90)
        path.addArc(centre: top, rx: 1.5, ry: 0.5, from: -270, to: -35)
        path.commands.append(.close)
        return path
    }()
}
