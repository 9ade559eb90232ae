import Diagnostics
import Foundation
import MarkupText

/// What `loupe serve` adds to each HTML page: the live-reload script and, after a failed build,
/// an overlay listing the problems. Neither is ever part of a built site.
enum LiveReloadScript {
    /// The path of the event stream.
    static let eventsPath = "/__loupe/events"
    /// The path of the script.
    static let scriptPath = "/__loupe/live.js"

    /// Reloads the page when a build finishes (`reload` after success, `problems` after a failure).
    static let script = """
    (function () {
      // The site's offline worker would answer reloads from its cache: never in serve mode.
      if (navigator.serviceWorker) {
        navigator.serviceWorker.getRegistrations().then(function (all) { all.forEach(function (r) { r.unregister(); }); });
      }
      if (!window.EventSource) return;
      var source = new EventSource("\(eventsPath)");
      function reload() { source.close(); window.location.reload(); }
      source.addEventListener("reload", reload);
      source.addEventListener("problems", reload);
      // Marks the page once its stream is open (tests wait for it before they save a change).
      source.addEventListener("open", function () { document.documentElement.setAttribute("data-loupe-live", "open"); });
    })();

    """

    /// `html` with the script tag (and the overlay, if any) inserted before `</body>` (or appended).
    static func inject(into html: String, problems: [Diagnostic]) -> String {
        var addition = "<script src=\"\(scriptPath)\"></script>"
        if !problems.isEmpty { addition = overlay(problems) + addition }
        if let range = html.range(of: "</body>", options: [.backwards, .caseInsensitive]) {
            var result = html
            result.insert(contentsOf: addition, at: range.lowerBound)
            return result
        }
        return html + addition
    }

    /// The overlay: every error (then warning) as `path:line:column: message`, all escaped.
    static func overlay(_ problems: [Diagnostic]) -> String {
        let errors = problems.filter { $0.severity == .error }
        var html = """
        <div id="loupe-build-errors" role="alert" style="position:fixed;inset:0;z-index:2147483647;overflow:auto;\
        background:rgba(20,20,20,.94);color:#fff;font:14px/1.5 ui-monospace,monospace;padding:1.5rem">\
        <p style="font:bold 18px/1.4 system-ui,sans-serif;color:#ff8a80;margin:0 0 1rem">The last build failed \
        (\(errors.count) error\(errors.count == 1 ? "" : "s")); the site shown underneath is the last good one. \
        Fix the file and save: this page reloads by itself.</p><ol style="margin:0;padding-left:1.5rem">
        """
        for problem in problems {
            let colour = problem.severity == .error ? "#ff8a80" : "#ffd180"
            html += "<li style=\"margin:.25rem 0\"><span style=\"color:\(colour)\">"
                + HTMLText.escape(problem.description) + "</span></li>"
        }
        return html + "</ol></div>"
    }
}
