/// A point in a plane; glyphs use grid units with y pointing down, pages use millimetres.
public struct PathPoint: Sendable, Equatable, Hashable, Codable {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// One drawing instruction of a path.
public enum PathCommand: Sendable, Equatable, Hashable, Codable {
    /// Starts a new subpath.
    case move(to: PathPoint)
    /// A straight segment.
    case line(to: PathPoint)
    /// A cubic Bézier segment.
    case curve(to: PathPoint, control1: PathPoint, control2: PathPoint)
    /// Closes the current subpath.
    case close
}

/// How overlapping or nested subpaths are filled.
public enum FillRule: String, Sendable, Equatable, Hashable, Codable {
    /// Non-zero winding: same-direction subpaths unite, opposite-direction ones cut holes.
    case nonZero
    /// Even-odd: every nested subpath toggles between ink and hole.
    case evenOdd
}

/// A filled vector outline: path commands plus a fill rule.
public struct GlyphPath: Sendable, Equatable, Hashable, Codable {
    /// The commands in drawing order.
    public var commands: [PathCommand]
    /// The fill rule to apply.
    public var fillRule: FillRule

    /// Creates a path.
    public init(_ commands: [PathCommand] = [], fillRule: FillRule = .nonZero) {
        self.commands = commands
        self.fillRule = fillRule
    }

    /// This path with every point mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> GlyphPath {
        GlyphPath(commands.map { command in
            switch command {
            case let .move(p): .move(to: transform.apply(p))
            case let .line(p): .line(to: transform.apply(p))
            case let .curve(p, c1, c2): .curve(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
            case .close: .close
            }
        }, fillRule: fillRule)
    }

    /// Appends the commands of `other` (its fill rule is ignored).
    public mutating func append(_ other: GlyphPath) {
        commands.append(contentsOf: other.commands)
    }
}

/// An affine map `(x, y) → (a·x + c·y + tx, b·x + d·y + ty)`.
public struct AffineTransform: Sendable, Equatable, Hashable, Codable {
    /// Matrix coefficients.
    public var a, b, c, d, tx, ty: Double

    /// Creates a transform from its coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A uniform scale about the origin.
    public static func scale(_ s: Double) -> AffineTransform {
        AffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0)
    }

    /// A rotation by `quarterTurns × 90°` clockwise on a y-down plane, about `centre`; exact (no trigonometry).
    public static func quarterTurns(_ quarterTurns: Int, about centre: PathPoint) -> AffineTransform {
        let (cosine, sine): (Double, Double) = switch ((quarterTurns % 4) + 4) % 4 {
        case 0: (1, 0)
        case 1: (0, 1)
        case 2: (-1, 0)
        default: (0, -1)
        }
        return rotation(cosine: cosine, sine: sine, about: centre)
    }

    /// A rotation given its cosine and sine, clockwise on a y-down plane, about `centre`.
    public static func rotation(cosine: Double, sine: Double, about centre: PathPoint) -> AffineTransform {
        AffineTransform(a: cosine, b: sine, c: -sine, d: cosine,
                        tx: centre.x - cosine * centre.x + sine * centre.y,
                        ty: centre.y - sine * centre.x - cosine * centre.y)
    }

    /// `self` followed by `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
                        c: next.a * c + next.c * d, d: next.b * c + next.d * d,
                        tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// Maps a point.
    public func apply(_ p: PathPoint) -> PathPoint {
        PathPoint(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
}
