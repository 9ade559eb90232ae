/// Diagnostics collected during one run, so a single run reports every problem.
public struct DiagnosticLog: Sendable, Equatable {
    /// Everything reported so far, in report order.
    public private(set) var all: [Diagnostic] = []

    /// Creates an empty log.
    public init() {}

    /// Records a diagnostic.
    public mutating func report(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    /// Records an error.
    public mutating func error(_ message: String, at location: SourceLocation) {
        all.append(.error(message, at: location))
    }

    /// Records a warning.
    public mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(.warning(message, at: location))
    }

    /// Appends another log's diagnostics.
    public mutating func merge(_ other: DiagnosticLog) {
        all.append(contentsOf: other.all)
    }

    /// Appends diagnostics.
    public mutating func merge(_ diagnostics: [Diagnostic]) {
        all.append(contentsOf: diagnostics)
    }

    /// Whether any error was recorded.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The errors only.
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }

    /// The warnings only.
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }
}
