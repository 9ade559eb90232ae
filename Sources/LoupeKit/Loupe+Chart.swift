@_exported import ChartPDF
import Foundation
@_exported import Optotypes

/// What `loupe chart` is asked to write.
public struct ChartRequest: Sendable {
    /// The chart: distance, optotype, sequence, paper, rows, scale, sheets.
    public var spec: ChartSpec
    /// PDF or SVG.
    public var format: ChartFormat
    /// Whether to add a recording form (a last PDF page; an SVG named `…-score.svg`).
    public var scoreSheet: Bool
    /// The file to write; an SVG of several sheets is written as one file per sheet beside it.
    public var output: URL
    /// The file as the user named it, for messages (default: `output.relativePath`).
    public var outputName: String

    /// Creates a request.
    public init(spec: ChartSpec, format: ChartFormat, scoreSheet: Bool = false, output: URL, outputName: String? = nil) {
        self.spec = spec
        self.format = format
        self.scoreSheet = scoreSheet
        self.output = output
        self.outputName = outputName ?? output.relativePath
    }
}

/// What `loupe chart` did.
public struct ChartResult: Sendable {
    /// The chart's warnings in row order, then at most one error (the chart could not be laid out or
    /// rendered, or a file could not be written: then no further file was written).
    public var diagnostics: [Diagnostic]
    /// The paths of the files written, in order: `outputName`, or one file per sheet of an SVG.
    public var files: [String]
    /// Whether there was no error.
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

extension Loupe {
    /// `loupe chart`: renders `request.spec` and writes it, each file atomically.
    public static func chart(_ request: ChartRequest) -> ChartResult {
        let chart: RenderedChart
        do {
            chart = try ChartRenderer.render(ChartLayout(spec: request.spec), format: request.format, scoreSheet: request.scoreSheet)
        } catch {
            return ChartResult(diagnostics: [.error("\(error)", at: SourceLocation(path: request.outputName))], files: [])
        }
        var diagnostics = chart.warnings.map { Diagnostic.warning($0, at: SourceLocation(path: request.outputName)) }
        // SVG of several sheets: one file per sheet, named after the sheet (chart-cover.svg, chart-A1.svg, …).
        var files: [(String, [UInt8])] = [(request.outputName, chart.data)]
        var urls = [request.output]
        if chart.sheets.count > 1 {
            let url = request.output
            let stem = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
            urls = chart.sheets.map { url.deletingLastPathComponent().appendingPathComponent("\(stem)-\($0.name).\(ext)") }
            files = zip(urls, chart.sheets).map { ($0.path, $1.data) }
        }
        var written: [String] = []
        for ((path, data), url) in zip(files, urls) {
            do {
                // .atomic writes a temporary file beside the destination and renames it into place.
                try Data(data).write(to: url, options: .atomic)
                written.append(path)
            } catch {
                diagnostics.append(.error("cannot write the chart: \(error.localizedDescription)", at: SourceLocation(path: path)))
                break
            }
        }
        return ChartResult(diagnostics: diagnostics, files: written)
    }
}
