import Foundation

/// Thin wrappers over the C math library, so geometry files read without platform imports.
enum GlyphMath {
    static func atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) }
}
