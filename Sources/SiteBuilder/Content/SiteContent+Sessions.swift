import Diagnostics
import Foundation
import Sessions

extension SiteContent {
    /// Reads the session files (`sessions/**`, `outlines/`, `progress/games*.json`) into ``sessions``,
    /// unless `--no-sessions`. Their diagnostics are kept apart in ``sessionDiagnostics``: a session
    /// file that cannot be read is reported (exit 1), but the rest of the site is still published.
    func withSessions(_ options: BuildOptions) -> SiteContent {
        guard options.includeSessions else { return self }
        var content = self
        var log = DiagnosticLog()
        var zone = TimeZone.current
        if let name = settings.timeZone {
            if let named = TimeZone(identifier: name) {
                zone = named
            } else {
                log.warning("time_zone \"\(name)\" is not a time zone name such as Europe/Dublin; the machine's time zone is used",
                            at: SourceLocation(path: options.content.relativePath + "/loupe.yml"))
            }
        }
        content.sessionTimeZone = zone
        content.sessions = SessionLoader.load(contentDirectory: options.content, timeZone: zone, gamesYear: settings.gamesYear, log: &log)
        content.sessionDiagnostics = log.all
        return content
    }
}
