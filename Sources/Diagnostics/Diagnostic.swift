/// How serious a ``Diagnostic`` is.
public enum Severity: String, Sendable, Equatable, Comparable, Codable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A place in an input file: path, and 1-based line and column when known.
public struct SourceLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The file, as the user named it (relative paths stay relative).
    public var path: String
    /// 1-based line, or `nil` when the problem concerns the whole file.
    public var line: Int?
    /// 1-based column, or `nil` when unknown.
    public var column: Int?

    /// Creates a location.
    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, omitting unknown parts.
    public var description: String {
        var text = path
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// A problem found in user input, printed as `path:line:column: error|warning: message`.
public struct Diagnostic: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// Error or warning.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong and what to do, written for the user.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// An error at `location`.
    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    /// A warning at `location`.
    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    /// The compiler-style line. Control characters from the data (ESC, CR, NUL, …) are written as
    /// `\u{1B}`, so a diagnostic can never drive the terminal or forge another line.
    public var description: String {
        Self.escapingControls("\(location): \(severity.rawValue): \(message)")
    }

    /// `text` with C0 and C1 control characters and DEL written as `\u{XX}`.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
