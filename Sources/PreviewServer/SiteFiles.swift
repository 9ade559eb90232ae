import Foundation

/// Maps request paths to files of the built site: `/` and folder paths serve their `index.html`;
/// paths with `..`, `.` or hidden parts are refused.
struct SiteFiles: Sendable {
    /// The site folder.
    let root: URL

    /// The file for a decoded request path, or nil when there is none (or the path is refused).
    func file(for requestPath: String) -> URL? {
        var parts: [String] = []
        for part in requestPath.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." || part == ".." || part.hasPrefix(".") || part.contains("\0") { return nil }
            parts.append(String(part))
        }
        var url = root
        for part in parts { url.appendPathComponent(part) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            url.appendPathComponent("index.html")
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        }
        return url
    }

    /// Whether a folder path lacks its trailing slash (relative links need it: redirect).
    func needsSlash(_ requestPath: String) -> Bool {
        guard !requestPath.hasSuffix("/"), let url = file(for: requestPath) else { return false }
        return url.lastPathComponent == "index.html" && !requestPath.hasSuffix("index.html")
    }

    /// The Content-Type for a file name.
    static func contentType(for url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        case "md", "txt": return "text/plain; charset=utf-8"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
