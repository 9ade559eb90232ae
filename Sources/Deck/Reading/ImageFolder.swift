import Foundation

/// The files under `deck/images/`, listed once, looked up by name (exact, then case-insensitive).
struct ImageFolder: Sendable {
    private let exact: Set<String>
    private let folded: [String: String]
    /// Whether the folder exists at all.
    let exists: Bool

    init(directory: URL) {
        var isDirectory: ObjCBool = false
        exists = FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue
        var exact = Set<String>()
        var folded: [String: String] = [:]
        let base = directory.standardizedFileURL.path
        if let enumerator = FileManager.default.enumerator(atPath: base) {
            for case let relative as String in enumerator {
                exact.insert(relative)
                folded[relative.lowercased()] = folded[relative.lowercased()] ?? relative
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
