import Diagnostics
import Foundation
import TestSupport
@testable import Breeds

/// Paths and loaders shared by the tests.
enum Support {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fixture folder bundled with the tests.
    static func fixture(_ name: String) throws -> URL {
        guard let base = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw FixtureMissing(name: name)
        }
        return base.appendingPathComponent(name)
    }

    struct FixtureMissing: Error { let name: String }

    /// The real saved API responses, `../shared/data/breeds` beside the package, or `nil` when absent.
    static var sharedBreedsFolder: URL? { SharedData.folder("breeds") }

    /// Loads a fixture folder, naming files `<folder>/<file>` in diagnostics.
    static func load(_ folder: String) throws -> (BreedCatalog, DiagnosticLog) {
        var log = DiagnosticLog()
        let catalog = BreedCatalog.load(from: try fixture(folder), displayPath: folder, log: &log)
        return (catalog, log)
    }

    /// Loads in-memory JSON as one file.
    static func load(json: String, fileName: String = "cats.json") -> (BreedCatalog, DiagnosticLog) {
        var log = DiagnosticLog()
        let catalog = BreedCatalog.load(files: [(fileName, fileName, Data(json.utf8))], log: &log)
        return (catalog, log)
    }

    /// The 1-based line of the first line of a fixture file containing `needle`.
    /// With `after`, the search starts at the first line containing that text.
    static func line(of needle: String, inFixture path: String, after anchor: String? = nil) throws -> Int? {
        let text = try String(contentsOf: try fixture(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = anchor.flatMap { anchor in lines.firstIndex { $0.contains(anchor) } } ?? 0
        return lines[start...].firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    /// Every string a context holds, recursively (to scan for unsafe output).
    static func strings(in value: Any) -> [String] {
        switch value {
        case let string as String: return [string]
        case let array as [Any]: return array.flatMap(strings(in:))
        case let dictionary as [String: Any]: return dictionary.keys.sorted().flatMap { strings(in: dictionary[$0] as Any) }
        default: return []
        }
    }

    /// The values of keys ending in `HTML` or `JSON` (the fragments rendered unescaped), recursively.
    static func fragments(in value: Any) -> [String] {
        switch value {
        case let array as [Any]: return array.flatMap(fragments(in:))
        case let dictionary as [String: Any]:
            return dictionary.keys.sorted().flatMap { key -> [String] in
                let child = dictionary[key] as Any
                if key.hasSuffix("HTML") || key.hasSuffix("JSON") || key == "scriptURL", let text = child as? String {
                    return [text]
                }
                return fragments(in: child)
            }
        default: return []
        }
    }
}
