@_exported import ContentScaffold
@_exported import Deck
import DefaultTemplates
@_exported import Diagnostics
import Foundation
@_exported import PreviewServer
@_exported import SiteBuilder
@_exported import Templating

/// The façade the `loupe` executable calls: one function per command.
public enum Loupe {
    /// `loupe build`: writes the site, or leaves the previous one untouched on error.
    public static func build(_ options: BuildOptions) -> BuildReport {
        SiteGenerator.build(options)
    }

    /// `loupe check`: reads and renders everything, writes nothing.
    public static func check(_ options: BuildOptions) -> BuildReport {
        SiteGenerator.check(options)
    }

    /// The exit code for a report: 0 on success, 1 on invalid input.
    public static func exitCode(for report: BuildReport) -> Int32 {
        report.succeeded ? 0 : 1
    }

    /// Diagnostics sorted for printing: by file, line and column, errors before warnings at the same place.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (l, r) = (a.element.location, b.element.location)
            if l.path != r.path { return l.path < r.path }
            if (l.line ?? 0) != (r.line ?? 0) { return (l.line ?? 0) < (r.line ?? 0) }
            if (l.column ?? 0) != (r.column ?? 0) { return (l.column ?? 0) < (r.column ?? 0) }
            return a.offset < b.offset
        }.map(\.element)
    }
}
