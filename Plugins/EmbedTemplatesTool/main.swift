import Foundation

// EmbedTemplatesTool TEMPLATES-FOLDER OUTPUT.swift
//
// Writes a Swift file declaring `DefaultTemplates.embedded`: every regular, non-hidden file under
// the folder as (relative path, contents). UTF-8 files become escaped string literals; any other
// file becomes Base64. Run by the EmbedTemplates build-tool plugin; its output is never committed.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: EmbedTemplatesTool TEMPLATES-FOLDER OUTPUT.swift\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

/// `text` as the body of a one-line Swift string literal.
func literal(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}

var entries: [(path: String, data: Data)] = []
let base = folder.path
if let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                   options: [.skipsHiddenFiles]) {
    for case let url as URL in enumerator {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
              let data = FileManager.default.contents(atPath: url.path) else { continue }
        var relative = String(url.standardizedFileURL.path.dropFirst(base.count))
        while relative.hasPrefix("/") { relative.removeFirst() }
        entries.append((relative, data))
    }
}
entries.sort { $0.path < $1.path }

var source = """
// Generated from Templates/ by the EmbedTemplates build-tool plugin. Do not edit; edit Templates/.

extension DefaultTemplates {
    /// Every file of the repository's `Templates/` folder: relative path, then the contents as
    /// UTF-8 text (`isBase64 == false`) or Base64.
    static let embedded: [(path: String, isBase64: Bool, contents: String)] = [

"""
for entry in entries {
    if let text = String(data: entry.data, encoding: .utf8) {
        source += "        (\"\(literal(entry.path))\", false, \"\(literal(text))\"),\n"
    } else {
        source += "        (\"\(literal(entry.path))\", true, \"\(entry.data.base64EncodedString())\"),\n"
    }
}
source += "    ]\n}\n"

do {
    let data = Data(source.utf8)
    if FileManager.default.contents(atPath: output.path) != data {
        try data.write(to: output)
    }
} catch {
    FileHandle.standardError.write(Data("EmbedTemplatesTool: cannot write \(output.path): \(error)\n".utf8))
    exit(1)
}
