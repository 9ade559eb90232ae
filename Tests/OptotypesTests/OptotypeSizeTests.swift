import Foundation
import Testing
@testable import Optotypes

@Suite("Optotype size from visual angle")
struct OptotypeSizeTests {
    static let distances = ["40cm", "3m", "4m", "20ft", "16in", "6.096m"]

    @Test("every row height matches h = 2·d·tan(2.5′·10^L) to 1e-9", arguments: distances)
    func heightsMatchFormula(distanceText: String) throws {
        let distance = try ViewingDistance(parsing: distanceText)
        for step in LogMARRange.standard.steps {
            let d = distance.millimetres.value
            let expected = 2 * d * tan(2.5 / 60 * .pi / 180 * pow(10, Double(step.tenths) / 10))
            let actual = OptotypeSize.height(step, at: distance).value
            #expect(abs(actual - expected) / expected < 1e-9, "row \(step) at \(distanceText)")
        }
    }

    @Test("known values: 5′ at 6 m is 8.7266 mm, 40 cm row 0.0 is 0.5818 mm, 20 ft is exactly 6096 mm")
    func knownValues() throws {
        let sixMetres = try ViewingDistance(parsing: "6m")
        #expect(abs(OptotypeSize.height(LogMARStep(tenths: 0), at: sixMetres).value - 8.72665) < 1e-5)
        let near = try ViewingDistance(parsing: "40cm")
        #expect(abs(OptotypeSize.height(LogMARStep(tenths: 0), at: near).value - 0.581776) < 1e-6)
        #expect(abs(OptotypeSize.height(LogMARStep(tenths: 10), at: near).value - 5.8178667) < 1e-6)
        #expect(try ViewingDistance(parsing: "20ft").millimetres.value == 6096)
        #expect(try ViewingDistance(parsing: "16in").millimetres.value == 406.4)
        // Stroke and critical detail are one fifth of the height.
        #expect(OptotypeSize.stroke(ofHeight: Millimetres(5.5)).value == 1.1)
    }

    @Test("rows are whole tenths, so there is no drift over 14 rows")
    func rowsAreExactTenths() {
        let steps = LogMARRange.standard.steps
        #expect(steps.count == 14)
        #expect(steps.first?.tenths == 10)
        #expect(steps.last?.tenths == -3)
        #expect(steps.map(\.description) == ["+1.0", "+0.9", "+0.8", "+0.7", "+0.6", "+0.5", "+0.4", "+0.3", "+0.2", "+0.1",
                                              "0.0", "-0.1", "-0.2", "-0.3"])
    }

    @Test("ETDRS row layout: five optotypes one width apart, gap below a row is the next row's height")
    func rowLayout() throws {
        let rows = ChartRow.rows(distance: try ViewingDistance(parsing: "4m"), kind: .sloan, sequence: .chart1,
                                 seed: 1, range: .standard)
        for (row, next) in zip(rows, rows.dropFirst()) {
            #expect(row.optotypes.count == 5)
            #expect(abs(row.width.value - 9 * row.height.value) < 1e-12)
            let offsets = row.cellOffsets
            for (a, b) in zip(offsets, offsets.dropFirst()) {
                #expect(abs(b - a - 2 * row.height.value) < 1e-12)
            }
            #expect(ChartRow.gap(below: row, before: next) == next.height)
            // Successive rows shrink by 10^-0.1.
            #expect(abs(next.height.value / row.height.value - pow(10, -0.1)) < 1e-3)
        }
    }

    @Test("the print scale multiplies every height")
    func scaleMultiplies() throws {
        let distance = try ViewingDistance(parsing: "3m")
        let plain = ChartRow.rows(distance: distance, kind: .tumblingE, sequence: .chart1, seed: 1, range: .standard)
        let scaled = ChartRow.rows(distance: distance, kind: .tumblingE, sequence: .chart1, seed: 1, range: .standard, scale: 1.02)
        for (a, b) in zip(plain, scaled) {
            #expect(abs(b.height.value - a.height.value * 1.02) < 1e-12)
        }
    }
}
