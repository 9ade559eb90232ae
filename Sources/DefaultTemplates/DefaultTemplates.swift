import Foundation

/// Loupe's default templates and assets, compiled into the binary from the repository's
/// `Templates/` folder by the `EmbedTemplates` build-tool plugin (`Plugins/EmbedTemplates`).
///
/// A user's templates folder overrides these file by file.
public enum DefaultTemplates {
    /// Every default file by its path relative to `Templates/` (`card.md`, `assets/site.css`,
    /// `sessions/layout.html`), with its bytes.
    public static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for entry in embedded {
            files[entry.path] = entry.isBase64 ? Data(base64Encoded: entry.contents) : Data(entry.contents.utf8)
        }
        return files
    }()

    /// The default files' paths, sorted.
    public static var paths: [String] { files.keys.sorted() }
}
