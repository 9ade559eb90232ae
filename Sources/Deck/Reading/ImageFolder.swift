import Diagnostics
import Foundation

/// The files under `deck/images/`, listed once, looked up by name (exact, then case-insensitive).
struct ImageFolder: Sendable {
    private let exact: Set<String>
    private let folded: [String: String]
    /// Whether the folder exists at all.
    let exists: Bool

    /// Lists `directory` (a linked folder inside the content folder works; links leading outside
    /// it are reported on `log` and left out).
    init(directory: URL, in content: ContentFolder, display: String, log: inout DiagnosticLog) {
        exists = content.isDirectory(directory)
        var exact = Set<String>()
        var folded: [String: String] = [:]
        if exists {
            for file in content.files(under: directory, display: display, log: &log) {
                exact.insert(file.name)
                folded[file.name.lowercased()] = folded[file.name.lowercased()] ?? file.name
            }
        }
        self.exact = exact
        self.folded = folded
    }

    /// The file's real name under the folder, if it exists.
    func lookup(_ name: String) -> String? {
        if exact.contains(name) { return name }
        return folded[name.lowercased()]
    }

    /// Whether `name` is a relative path that stays inside the images folder.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("~"), !name.contains("\\"), !name.contains(":") else { return false }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}
