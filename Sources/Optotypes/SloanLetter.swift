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

    /// Sloan's D: a stem, bars of 1 along the top and bottom, and a straight right side joined to them by
    /// quarter rings of outer radius 1.5 and inner radius 0.5 (centres (3.5, 1.5) and (3.5, 3.5)), so the
    /// stroke is 1 round the corners too.
    private static let dPath: GlyphPath = {
        var path = GlyphPath(fillRule: .evenOdd)
        for (inset, radius) in [(0.0, 1.5), (1.0, 0.5)] {
            path.commands += [.move(to: p(inset, inset)), .line(to: p(3.5, inset))]
            path.addArc(centre: p(3.5, 1.5), rx: radius, ry: radius, from: -90, to: 0)
            path.commands.append(.line(to: p(3.5 + radius, 3.5)))
            path.addArc(centre: p(3.5, 3.5), rx: radius, ry: radius, from: 0, to: 90)
            path.commands += [.line(to: p(inset, 5 - inset)), .close]
        }
        return path
    }()

    private static let hPath: GlyphPath = .polygon([
        p(0, 0), p(1, 0), p(1, 2), p(4, 2), p(4, 0), p(5, 0),
        p(5, 5), p(4, 5), p(4, 3), p(1, 3), p(1, 5), p(0, 5),
    ])

    /// Sloan's K: a stem; an arm of stroke 1 whose lower edge runs from the stem at y 3 to the top-right
    /// corner (direction (4, −3)); and a leg of stroke 1 that branches off the arm's lower edge at x 2.5
    /// and whose right edge ends in the bottom-right corner.
    private static let kPath: GlyphPath = {
        // Arm: lower edge (1, 3) → (5, 0); the upper edge is that line moved by 1 along the normal (−0.6, −0.8).
        let armLowerStart = p(1, 3), corner = p(5, 0)
        let armUpperAtStem = p(1, 3 - 1 / 0.8)          // (1, 1.75): x = 1 on the shifted line
        let armUpperAtTop = p(5 - 0.6 - 0.8 * 4 / 3, 0)  // (3.333…, 0): y = 0 on the shifted line
        // Leg: right edge from the arm at x 2.5 to (5, 5); the left edge is parallel, 1 to its left.
        let junction = p(2.5, 3 - 1.5 * 0.75)             // (2.5, 1.875) on the arm's lower edge
        let legDX = 5 - junction.x, legDY = 5 - junction.y
        let legLength = (legDX * legDX + legDY * legDY).squareRoot()
        let horizontal = legLength / legDY                  // horizontal width of a stroke 1 along the leg
        let legFoot = p(5 - horizontal, 5)
        // Where the leg's left edge meets the arm's lower edge: x − 5 + horizontal = (y − 5)·dx/dy and y = 3 − 0.75(x − 1).
        let slope = legDX / legDY
        let x = (5 - horizontal + slope * (3.75 - 5)) / (1 + 0.75 * slope)
        let inner = p(x, 3.75 - 0.75 * x)
        return .polygon([
            p(0, 0), p(1, 0), armUpperAtStem, armUpperAtTop, corner, junction, p(5, 5), legFoot, inner,
            armLowerStart, p(1, 5), p(0, 5),
        ])
    }()

    /// Sloan's N: two stems and a diagonal from the top of the left stem's inner edge to the bottom of the
    /// right stem's inner edge. Its vertical thickness t gives a perpendicular stroke of 1:
    /// t·3/√(9 + (5 − t)²) = 1 ⇒ 8t² + 10t − 34 = 0.
    static let diagonalThickness = (-10 + (100.0 + 4 * 8 * 34).squareRoot()) / 16

    private static let nPath: GlyphPath = {
        let t = diagonalThickness
        return .polygon([
            p(0, 0), p(1, 0), p(4, 5 - t), p(4, 0), p(5, 0), p(5, 5), p(4, 5), p(1, t), p(1, 5), p(0, 5),
        ])
    }()

    /// Sloan's Z: bars of 1 at the top and bottom and a diagonal between them from the top bar's right end
    /// to the bottom bar's left end; its horizontal width w solves w·3/√(9 + (5 − w)²) = 1 (as N's).
    private static let zPath: GlyphPath = {
        let w = diagonalThickness
        return .polygon([
            p(0, 0), p(5, 0), p(5, 1), p(w, 4), p(5, 4), p(5, 5), p(0, 5), p(0, 4), p(5 - w, 1), p(0, 1),
        ])
    }()

    /// Sloan's V: two arms of perpendicular stroke 1 meeting in a flat foot as wide as each arm's top
    /// (w): w·5/√(25 + (2.5 − w/2)²) = 1 ⇒ 24.75w² + 2.5w − 31.25 = 0.
    private static let vPath: GlyphPath = {
        let w = (-2.5 + (6.25 + 4 * 24.75 * 31.25).squareRoot()) / 49.5
        // The inner edges meet on the centre line: from (w, 0) with the outer edge's slope (2.5 − w/2) / 5.
        let apex = (2.5 - w) * 5 / (2.5 - w / 2)
        return .polygon([p(0, 0), p(w, 0), p(2.5, apex), p(5 - w, 0), p(5, 0), p(2.5 + w / 2, 5), p(2.5 - w / 2, 5)])
    }()

    /// Sloan's R: a stem; a bowl 3 high whose right end is a half ring of outer radius 1.5 and inner 0.5
    /// about (3.5, 1.5); and a leg of stroke 1 with slope 2 whose right edge runs from the bowl's outer
    /// ring to the bottom-right corner and whose left edge starts on the bowl's bottom edge.
    private static let rPath: GlyphPath = {
        var path = GlyphPath(fillRule: .evenOdd)
        // The leg's right edge (5 − s, 5 − 2s) meets the ring (x − 3.5)² + (y − 1.5)² = 1.5² at 5s² − 17s + 12.25 = 0.
        let s = (17 - (289.0 - 245).squareRoot()) / 10
        let meet = p(5 - s, 5 - 2 * s)
        let meetDegrees = GlyphMath.atan2(meet.y - 1.5, meet.x - 3.5) * 180 / Double.pi
        let horizontal = 5.0.squareRoot() / 2   // horizontal width of a stroke 1 with slope 2
        path.commands += [.move(to: p(0, 0)), .line(to: p(3.5, 0))]
        path.addArc(centre: p(3.5, 1.5), rx: 1.5, ry: 1.5, from: -90, to: meetDegrees)
        path.commands += [.line(to: p(5, 5)), .line(to: p(5 - horizontal, 5)), .line(to: p(5 - horizontal - 1, 3)),
                          .line(to: p(1, 3)), .line(to: p(1, 5)), .line(to: p(0, 5)), .close]
        path.commands += [.move(to: p(1, 1)), .line(to: p(3.5, 1))]
        path.addArc(centre: p(3.5, 1.5), rx: 0.5, ry: 0.5, from: -90, to: 90)
        path.commands += [.line(to: p(1, 2)), .close]
        return path
    }()

    /// Sloan's S: two stacked rounded bands. The upper one turns left round (1.5, 1.5) and ends in a quarter
    /// ring about (3.5, 1.5) cut horizontally at y 1.5; the lower one turns right round (3.5, 3.5) and ends in a
    /// quarter ring about (1.5, 3.5) cut at y 3.5. Outer radius 1.5 and inner 0.5 everywhere, so the stroke is 1.
    private static let sPath: GlyphPath = {
        var path = GlyphPath()
        let upperLeft = p(1.5, 1.5), upperRight = p(3.5, 1.5), lowerLeft = p(1.5, 3.5), lowerRight = p(3.5, 3.5)
        path.commands.append(.move(to: p(5, 1.5)))
        path.addArc(centre: upperRight, rx: 1.5, ry: 1.5, from: 0, to: -90)
        path.commands.append(.line(to: p(1.5, 0)))
        path.addArc(centre: upperLeft, rx: 1.5, ry: 1.5, from: -90, to: -270)
        path.commands.append(.line(to: p(3.5, 3)))
        path.addArc(centre: lowerRight, rx: 0.5, ry: 0.5, from: -90, to: 90)
        path.commands.append(.line(to: p(1.5, 4)))
        path.addArc(centre: lowerLeft, rx: 0.5, ry: 0.5, from: 90, to: 180)
        path.commands.append(.line(to: p(0, 3.5)))
        path.addArc(centre: lowerLeft, rx: 1.5, ry: 1.5, from: 180, to: 90)
        path.commands.append(.line(to: p(3.5, 5)))
        path.addArc(centre: lowerRight, rx: 1.5, ry: 1.5, from: 90, to: -90)
        path.commands.append(.line(to: p(1.5, 2)))
        path.addArc(centre: upperLeft, rx: 0.5, ry: 0.5, from: 90, to: 270)
        path.commands.append(.line(to: p(3.5, 1)))
        path.addArc(centre: upperRight, rx: 0.5, ry: 0.5, from: -90, to: 0)
        path.commands.append(.close)
        return path
    }()
}
