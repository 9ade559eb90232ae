/// The direction an optotype's opening faces.
public enum OpeningDirection: Int, Sendable, Equatable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Directions in 45° steps, clockwise from right.
    case right = 0, downRight, down, downLeft, left, upLeft, up, upRight

    /// Clockwise angle from "right" on the page, in degrees (multiples of 45°).
    public var degrees: Double { Double(rawValue) * 45 }

    /// The four orthogonal directions a Tumbling E can face.
    public static let orthogonal: [OpeningDirection] = [.right, .down, .left, .up]

    /// `right`, `down-right`, …
    public var description: String {
        ["right", "down-right", "down", "down-left", "left", "up-left", "up", "up-right"][rawValue]
    }
}

/// The Tumbling E: a 1-unit spine and three full-length 1-unit bars with 1-unit gaps.
public enum TumblingE {
    /// The E opening in `direction` (only the four orthogonal directions are meaningful; diagonals
    /// are treated as the preceding orthogonal direction).
    public static func path(opening direction: OpeningDirection) -> GlyphPath {
        let e = GlyphPath.polygon([
            PathPoint(0, 0), PathPoint(5, 0), PathPoint(5, 1), PathPoint(1, 1), PathPoint(1, 2), PathPoint(5, 2),
            PathPoint(5, 3), PathPoint(1, 3), PathPoint(1, 4), PathPoint(5, 4), PathPoint(5, 5), PathPoint(0, 5),
        ])
        return e.applying(.quarterTurns(direction.rawValue / 2, about: PathPoint(2.5, 2.5)))
    }
}

/// The Landolt C: a ring of outer diameter 5 and inner diameter 3 with a gap of width 1.
public enum LandoltC {
    /// The ring with its gap facing `direction`.
    public static func path(opening direction: OpeningDirection) -> GlyphPath {
        GlyphGeometry.landoltRing(gapDegrees: direction.degrees)
    }
}
