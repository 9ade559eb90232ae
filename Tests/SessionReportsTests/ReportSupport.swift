import Diagnostics
import Foundation
import Templating
import TestSupport
@testable import SessionReports

/// Helpers for the SessionReports tests.
enum ReportSupport {
    /// The repository root, found from this file (symlinks resolved).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The golden files beside the tests.
    static var goldenFolder: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// A reporter over the repository's templates.
    static func reporter(breedLinks: [String: String] = [:], breedNames: [String: String] = [:],
                         locale: String = "en_IE") throws -> SessionReporter {
        let templates = try TemplateLibrary(directory: repository.appendingPathComponent("Templates"))
        return SessionReporter(templates: templates, breedLinks: breedLinks, breedNames: breedNames, locale: locale)
    }

    /// A fresh temporary folder, removed when the tests end.
    static func temporaryFolder() throws -> URL {
        try TemporaryFolder.make("reports")
    }

    /// Writes `text` to `name` in `folder`.
    @discardableResult
    static func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
