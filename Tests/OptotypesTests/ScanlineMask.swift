@testable import Optotypes

/// A binary coverage mask of polygons on a square grid over [−margin, 5 + margin]², sampled at pixel
/// centres row by row (crossings sorted along each scanline), with non-zero or even-odd filling.
struct ScanlineMask: Equatable {
    static let margin = 0.25
    let size: Int
    let ink: [Bool]

    init(polygons: [[PathPoint]], fillRule: FillRule, size: Int) {
        self.size = size
        let span = 5 + 2 * Self.margin
        let pixel = span / Double(size)
        var ink = [Bool](repeating: false, count: size * size)
        for row in 0..<size {
            let y = -Self.margin + (Double(row) + 0.5) * pixel
            var crossings: [(x: Double, direction: Int)] = []
            for polygon in polygons {
                for index in polygon.indices {
                    let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                    if (a.y <= y) != (b.y <= y) {
                        crossings.append((a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x), b.y > a.y ? 1 : -1))
                    }
                }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0, parity = 0, column = 0
            var inside = false
            for crossing in crossings {
                let edge = (crossing.x + Self.margin) / pixel - 0.5
                while column < size && Double(column) < edge {
                    if inside { ink[row * size + column] = true }
                    column += 1
                }
                winding += crossing.direction
                parity ^= 1
                inside = fillRule == .evenOdd ? parity == 1 : winding != 0
            }
        }
        self.ink = ink
    }

    /// |A ∩ B| / |A ∪ B|.
    func intersectionOverUnion(_ other: ScanlineMask) -> Double {
        var both = 0, either = 0
        for (a, b) in zip(ink, other.ink) {
            if a && b { both += 1 }
            if a || b { either += 1 }
        }
        return either == 0 ? 1 : Double(both) / Double(either)
    }

    /// Rows of `#` and `.` for failure messages, `step` pixels per character.
    func picture(step: Int) -> String {
        stride(from: 0, to: size, by: step).map { row in
            String(stride(from: 0, to: size, by: step).map { ink[row * size + $0] ? "#" : "." })
        }.joined(separator: "\n")
    }
}
