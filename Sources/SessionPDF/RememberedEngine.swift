import Diagnostics
import Foundation

extension SessionPDFRenderer {
    /// ``engineIdentity()``, remembered in `file` under the identities on disk of the interpreter and of
    /// the file WeasyPrint is imported from. While neither changed, asking costs two `stat` calls
    /// instead of a Python start (20 ms with Debian's Python, 300 ms through a pyenv shim); upgrading
    /// WeasyPrint rewrites that file, so the engine is asked again. Only a found engine is remembered.
    public func engineIdentity(rememberedIn file: URL) -> String? {
        guard let python = interpreters.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let fields = text.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 5, fields[0] == python, FileIdentity(path: python)?.key == fields[1],
               FileIdentity(path: fields[2])?.key == fields[3] {
                return fields[4]
            }
        }
        guard let identity = engineIdentity() else { return nil }
        // `python version origin`: remembered only when it is the first interpreter's answer.
        let answer = identity.dropFirst(python.count + 1)
        guard identity.hasPrefix(python + " "), let space = answer.firstIndex(of: " ") else { return identity }
        let origin = String(answer[answer.index(after: space)...])
        guard let pythonKey = FileIdentity(path: python)?.key, let originKey = FileIdentity(path: origin)?.key,
              ![python, origin, identity].contains(where: { $0.contains("\t") || $0.contains("\n") })
        else { return identity }
        let record = [python, pythonKey, origin, originKey, identity].joined(separator: "\t") + "\n"
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(record.utf8).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)  // a cache that cannot be written only costs time
        }
        return identity
    }
}
