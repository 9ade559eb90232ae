import Diagnostics
import Foundation
import LocatedJSON

/// A parsed JSON file whose every value knows its line and column (from ``LocatedJSON``).
struct JSONDocument {
    /// The file as the user named it.
    let path: String
    /// The top-level value.
    let root: LocatedJSON.JSONNode

    /// Parses `data`, reporting a located error when it is not UTF-8 JSON.
    static func parse(_ data: Data, path: String, log: inout DiagnosticLog) -> JSONDocument? {
        guard let text = TextDecoding.decode(data) else {
            log.error("this file is not UTF-8 text; save it as UTF-8 JSON", at: SourceLocation(path: path))
            return nil
        }
        do {
            return JSONDocument(path: path, root: try JSONParser.parse(Array(text.utf8)))
        } catch {
            log.error("this is not valid JSON: \(error.message) (check for a missing comma, quote or bracket near here)",
                      at: SourceLocation(path: path, line: error.line, column: error.column))
            return nil
        }
    }

    /// Where the top-level member `key` is (the document's start when there is none).
    func location(ofMember key: String) -> SourceLocation {
        let node = root[key] ?? root
        return SourceLocation(path: path, line: node.line, column: node.column)
    }

    /// The root as a node.
    var rootNode: JSONNode { JSONNode(node: root, path: JSONPath(), document: self) }
}
