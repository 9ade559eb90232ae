import Foundation

/// The size of an optotype from the visual angle it must subtend.
public enum OptotypeSize {
    /// Half of the 5-arcmin optotype angle at logMAR 0, in radians (2.5′).
    public static let halfAngleAtZero: Double = 2.5 / 60 * Double.pi / 180

    /// Height (= width) of an optotype of logMAR `logMAR` seen from `distance`:
    /// `h = 2·d·tan(2.5′·10^logMAR)`. Never rounded.
    public static func height(logMAR: Double, at distance: Millimetres) -> Millimetres {
        Millimetres(2 * distance.value * tan(halfAngleAtZero * pow(10, logMAR)))
    }

    /// Height of a row on the 0.1 grid at a viewing distance.
    public static func height(_ step: LogMARStep, at distance: ViewingDistance) -> Millimetres {
        height(logMAR: step.logMAR, at: distance.millimetres)
    }

    /// The stroke (critical detail) of an optotype: one fifth of its height.
    public static func stroke(ofHeight height: Millimetres) -> Millimetres {
        Millimetres(height.value / 5)
    }
}
