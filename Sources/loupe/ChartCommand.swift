import ArgumentParser
import Foundation
import LoupeKit

/// `loupe chart`: writes one printable, calibrated optotype chart (PDF or SVG).
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Write one printable optotype chart (PDF or SVG) calibrated for a viewing distance.",
        discussion: """
            Optotype height is h = 2·d·tan(2.5′·10^logMAR), never rounded. Print at 100 % (actual size), \
            check the 100 mm rulers, and correct a printer's scale with --scale 100/measured-length.
            """
    )

    @Option(help: "Viewing distance with a unit: 40cm, 3m, 4m, 20ft, 6.096m, 16in, 400mm.")
    var distance: String

    @Option(help: "Optotype: sloan, tumbling-e or landolt-c.")
    var optotype: String = "sloan"

    @Option(help: "Sequence: ETDRS chart 1, 2, R, or random.")
    var sequence: String = "1"

    @Option(help: "Seed for random letters and for Tumbling E / Landolt C orientations.")
    var seed: UInt64 = 1

    @Option(help: "Paper: a4, letter, a3, tabloid, a2, a1, a0 (orientation is chosen to fit).")
    var paper: String = "a4"

    @Option(help: "Output format: pdf or svg (default: from the --out extension).")
    var format: String?

    @Option(help: "Rows from the largest to the smallest logMAR on the 0.1 grid.")
    var rows: String = "+1.0..-0.3"

    @Option(help: "Print-scale correction 0.95–1.05 (100 ÷ measured ruler length).")
    var scale: Double = 1

    @Option(help: "Sheets: chart (one sheet, or tiled across sheets when larger than the paper) or rows (a row per sheet, for a flip chart).")
    var layout: String = "chart"

    @Option(name: .customLong("printer-dpi"), help: "Printer resolution in dots per inch (72–9600); rows with strokes under 4 dots are named in a warning.")
    var printerDPI: Double = 600

    @Flag(name: .customLong("score-sheet"), help: "Add a recording form for the same sequence (a last PDF page; an SVG named …-score.svg).")
    var scoreSheet = false

    @Option(help: "The file to write.")
    var out: String

    mutating func validate() throws {
        _ = try makeSpec()
        _ = try outputFormat()
    }

    func run() throws {
        let result = Loupe.chart(ChartRequest(spec: try makeSpec(), format: try outputFormat(), scoreSheet: scoreSheet,
                                              output: URL(fileURLWithPath: out), outputName: out))
        // Printed as they always were (not through Diagnostic.description).
        let text = result.diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
        if !result.succeeded { throw ExitCode(1) }
        if result.files.count > 1 {
            FileHandle.standardError.write(Data("wrote \(result.files.count) SVG files, one per sheet: \(result.files.joined(separator: ", "))\n".utf8))
        }
    }

    private func makeSpec() throws -> ChartSpec {
        do {
            return try ChartSpec(
                distance: ViewingDistance(parsing: distance),
                optotype: OptotypeKind(named: optotype),
                sequence: ChartSequence(named: sequence),
                seed: seed,
                paper: Paper(named: paper),
                rows: LogMARRange(parsing: rows),
                scale: scale,
                arrangement: sheetArrangement(),
                printerDPI: printerDPI
            )
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    private func sheetArrangement() throws -> SheetArrangement {
        guard let arrangement = SheetArrangement(rawValue: layout.lowercased()) else {
            throw ValidationError("unknown layout '\(layout)'; use chart or rows")
        }
        guard printerDPI.isFinite, (72...9600).contains(printerDPI) else {
            throw ValidationError("--printer-dpi \(printerDPI) is outside 72–9600")
        }
        return arrangement
    }

    private func outputFormat() throws -> ChartFormat {
        if let format {
            guard let parsed = ChartFormat(rawValue: format.lowercased()) else {
                throw ValidationError("unknown format '\(format)'; use pdf or svg")
            }
            return parsed
        }
        guard let inferred = ChartFormat(fileName: out) else {
            throw ValidationError("cannot tell the format from '\(out)'; name the file .pdf or .svg, or pass --format pdf|svg")
        }
        return inferred
    }
}
