/// Why templates could not be loaded or rendered.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The templates folder does not exist or cannot be read.
    case unreadableDirectory(path: String)
    /// A template file could not be read as UTF-8.
    case unreadableFile(path: String)
    /// A template has a Mustache syntax error.
    case syntax(path: String, line: Int, column: Int, reason: String)
    /// No template of that name was loaded.
    case missing(name: String, directory: String)

    /// A message for the user.
    public var description: String {
        switch self {
        case .unreadableDirectory(let path):
            return "\(path): error: cannot read the templates folder; pass --templates with the folder holding layout.html and the page templates"
        case .unreadableFile(let path):
            return "\(path): error: cannot read this template as UTF-8 text"
        case .syntax(let path, let line, let column, let reason):
            return "\(path):\(line):\(column): error: Mustache syntax error: \(reason)"
        case .missing(let name, let directory):
            return "\(directory): error: template '\(name)' is missing (expected \(name).md or \(name).html); restore it from the Loupe repository's Templates/ folder"
        }
    }
}
