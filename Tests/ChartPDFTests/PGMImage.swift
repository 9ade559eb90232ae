import Foundation

/// A greyscale raster read from a binary PGM (P5) file, as written by `pdftoppm -gray`.
struct PGMImage {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    enum ReadError: Error { case malformed(String) }

    /// An image from its pixels (row by row, 0 black … 255 white).
    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Dark pixels down `column` starting at row `y`.
    func inkRun(column: Int, from y: Int, threshold: UInt8 = 128) -> Int {
        var row = y
        while row < height, pixels[row * width + column] < threshold { row += 1 }
        return row - y
    }

    /// The run of light pixels in `column` that contains row `y` (0 when `y` is dark).
    func whiteRun(column: Int, around y: Int, threshold: UInt8 = 128) -> Int {
        guard column >= 0, column < width, y >= 0, y < height, pixels[y * width + column] >= threshold else { return 0 }
        var top = y, bottom = y
        while top > 0, pixels[(top - 1) * width + column] >= threshold { top -= 1 }
        while bottom < height - 1, pixels[(bottom + 1) * width + column] >= threshold { bottom += 1 }
        return bottom - top + 1
    }

    init(contentsOf url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        var index = 0
        func token() throws -> String {
            // Skip whitespace and comments.
            while index < data.count {
                if data[index] == UInt8(ascii: "#") {
                    while index < data.count && data[index] != 10 { index += 1 }
                } else if data[index] == 32 || data[index] == 10 || data[index] == 13 || data[index] == 9 {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < data.count, ![32, 10, 13, 9].contains(data[index]) { index += 1 }
            guard start < index else { throw ReadError.malformed("truncated header") }
            return String(decoding: data[start..<index], as: UTF8.self)
        }
        guard try token() == "P5" else { throw ReadError.malformed("not a binary PGM") }
        guard let width = Int(try token()), let height = Int(try token()), let maxValue = Int(try token()), maxValue == 255 else {
            throw ReadError.malformed("bad header")
        }
        index += 1
        guard data.count - index >= width * height else { throw ReadError.malformed("truncated pixels") }
        self.width = width
        self.height = height
        self.pixels = Array(data[index..<(index + width * height)])
    }

    /// A 4-connected group of dark pixels and its bounding box (inclusive pixel indices).
    struct Component {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var pixelCount: Int
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
    }

    /// Connected components of pixels darker than `threshold`, by iterative flood fill.
    func components(threshold: UInt8 = 128) -> [Component] {
        var ink = pixels.map { $0 < threshold }
        var result: [Component] = []
        var stack: [Int] = []
        for start in ink.indices where ink[start] {
            ink[start] = false
            stack.append(start)
            var component = Component(minX: start % width, minY: start / width, maxX: start % width, maxY: start / width, pixelCount: 0)
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                component.pixelCount += 1
                component.minX = min(component.minX, x); component.maxX = max(component.maxX, x)
                component.minY = min(component.minY, y); component.maxY = max(component.maxY, y)
                if x > 0, ink[index - 1] { ink[index - 1] = false; stack.append(index - 1) }
                if x < width - 1, ink[index + 1] { ink[index + 1] = false; stack.append(index + 1) }
                if y > 0, ink[index - width] { ink[index - width] = false; stack.append(index - width) }
                if y < height - 1, ink[index + width] { ink[index + width] = false; stack.append(index + width) }
            }
            result.append(component)
        }
        return result
    }
}
