import Diagnostics
import Foundation

/// A parsed JSON file: values from `JSONSerialization`, positions from ``JSONPositionIndex``.
struct JSONDocument {
    /// The file as the user named it.
    let path: String
    /// The top-level value.
    let root: Any
    /// Positions of values, for diagnostics.
    let index: JSONPositionIndex

    /// Parses `data`, reporting a located error when it is not UTF-8 JSON.
    static func parse(_ data: Data, path: String, log: inout DiagnosticLog) -> JSONDocument? {
        guard let text = TextDecoding.decode(data) else {
            log.error("this file is not UTF-8 text; save it as UTF-8 JSON", at: SourceLocation(path: path))
            return nil
        }
        let index = JSONPositionIndex(text: text)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            let failure = index.failure
            log.error(
                "this is not valid JSON (check for a missing comma, quote or bracket near here)",
                at: SourceLocation(path: path, line: failure?.line ?? 1, column: failure?.column ?? 1))
            return nil
        }
        return JSONDocument(path: path, root: root, index: index)
    }

    /// The location of the value at `jsonPath` (or of its nearest ancestor found).
    func location(of jsonPath: JSONPath) -> SourceLocation {
        guard let entry = index.entry(nearest: jsonPath) else { return SourceLocation(path: path) }
        return SourceLocation(path: path, line: entry.line, column: entry.column)
    }

    /// The root as a node.
    var rootNode: JSONNode { JSONNode(value: root, path: JSONPath(), document: self) }
}
