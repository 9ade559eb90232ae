import Optotypes

/// Why a chart could not be produced; each case reads as a message for the user.
public enum ChartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A row does not fit the paper in either orientation; sizes are never shrunk.
    case rowTooLarge(row: LogMARStep, width: Millimetres, paper: Paper, suggestedPaper: Paper?, suggestedRows: LogMARStep?, smallestRow: LogMARStep)
    /// libharu reported an error (code in hexadecimal as in hpdf_error.h).
    case pdfLibrary(code: UInt, detail: UInt)

    /// The message shown to the user, saying what to do.
    public var description: String {
        switch self {
        case let .rowTooLarge(row, width, paper, suggestedPaper, suggestedRows, smallestRow):
            var message = "row logMAR \(row) is \(width) wide with its margins and does not fit on \(paper) in either orientation; sizes are never shrunk"
            var options: [String] = ["drop --layout rows to tile the chart across \(paper) sheets"]
            if let suggestedPaper { options.append("use --paper \(suggestedPaper.rawValue) (\(suggestedPaper))") } else {
                options.append("no paper up to \(Paper.a0) holds it")
            }
            if let suggestedRows { options.append("start at a smaller row with --rows \(suggestedRows)..\(smallestRow)") }
            if !options.isEmpty { message += "; " + options.joined(separator: " or ") }
            return message
        case let .pdfLibrary(code, detail):
            return "the PDF library failed (libharu error 0x\(String(code, radix: 16, uppercase: true)), detail \(detail)); please report this"
        }
    }
}
