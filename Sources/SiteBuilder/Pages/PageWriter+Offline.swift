import Diagnostics
import Foundation
import MarkupText
import SearchIndex

extension PageWriter {
    /// Writes `manifest.webmanifest` (installable web app), `sw.js`, a service worker that caches every
    /// file of the site for offline study, and `offline-files.js`, the list of those files. The worker's
    /// cache is named after a hash of every file, so a new build replaces the old cache. Personal session
    /// documents and build records are not cached, nor the search shards' `file://` twins (a worker
    /// runs only over http(s), where search fetches the JSON shards): 26 MB less for a phone to
    /// download and keep at 10,000 cards.
    func writeOffline(hashing: HashingOutput, problems: inout ProblemList) {
        do {
            try hashing.write(Self.webManifest(content.settings), to: "manifest.webmanifest")
        } catch {
            problems.diagnostics.append(.writing(error, path: "manifest.webmanifest"))
        }
        let site = hashing.site
        let listed = site.paths.filter(Self.isCachedOffline)
        // The list of files changes only when the site's paths do (not with a one-card edit): it is its
        // own file, kept from the previous build when its paths are the same, and `sw.js`, which changes
        // with any file, imports it by its digest (so no HTTP cache hands the worker an older list).
        var paths = FNV1a()
        paths.add("offline-files-1|")
        for path in listed {
            paths.add(path.utf8.count)
            paths.add(path)
        }
        let listDigest = paths.recorded
        if hashing.reuse(Self.fileListPath, digest: listDigest) == nil {
            do { try hashing.write(Self.fileList(listed), to: Self.fileListPath, digest: listDigest) } catch {
                problems.diagnostics.append(.writing(error, path: Self.fileListPath))
            }
        }
        let script = Self.serviceWorker
            .replacingOccurrences(of: "\"__VERSION__\"", with: "\"loupe-" + site.version + "\"")
            .replacingOccurrences(of: "__FILES__", with: Self.fileListPath + "?v=" + listDigest.text)
        do { try hashing.write(Data(script.utf8), to: "sw.js") } catch {
            problems.diagnostics.append(.writing(error, path: "sw.js"))
        }
    }

    /// `manifest.webmanifest` (an installable web app) for `settings`: one line of JSON with sorted keys,
    /// as `JSONSerialization` wrote it (`.sortedKeys`, `.withoutEscapingSlashes`), written with
    /// ``JSONText``. Serialization bridged the dictionary to Foundation objects and sorted its keys by a
    /// locale's rules, which started ICU: 2-3 ms of every build, one-card edits included.
    static func webManifest(_ settings: SiteSettings) -> Data {
        var out: [UInt8] = []
        func member(_ key: String, _ value: String, first: Bool = false) {
            if !first { out.append(UInt8(ascii: ",")) }
            JSONText.append(string: key, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONText.append(string: value, to: &out)
        }
        out.append(UInt8(ascii: "{"))
        member("background_color", "#fbfaf7", first: true)
        member("description", settings.description)
        member("display", "standalone")
        out.append(contentsOf: ",\"icons\":[".utf8)
        let icons = [("192x192", "assets/icon-192.png", "image/png"), ("512x512", "assets/icon-512.png", "image/png"),
                     ("any", "assets/icon.svg", "image/svg+xml")]
        for (index, icon) in icons.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            member("sizes", icon.0, first: true)
            member("src", icon.1)
            member("type", icon.2)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        member("lang", settings.language)
        member("name", settings.title)
        member("scope", "./")
        member("short_name", String(settings.title.prefix(12)))
        member("start_url", "./index.html")
        member("theme_color", "#0b5cad")
        out.append(contentsOf: "}\n".utf8)
        return Data(out)
    }

    /// Whether the service worker caches the site file at `path` (see ``writeOffline(hashing:problems:)``).
    static func isCachedOffline(_ path: String) -> Bool {
        if path.hasPrefix("sessions/") { return false }
        let search = "search/"
        return !(path.hasPrefix(search) && SearchIndexBundle.isShardScript(String(path.dropFirst(search.count))))
    }

    /// The file listing every file the service worker caches (`var FILES = [...]`).
    static let fileListPath = "offline-files.js"

    /// `offline-files.js` for `paths`: assembled in one buffer (at 100,000 cards the list is 6 MB).
    static func fileList(_ paths: [String]) -> Data {
        var bytes = Data(capacity: paths.reduce(64) { $0 + $1.utf8.count + 3 })
        bytes.append(contentsOf: "/* Loupe offline cache: the files sw.js caches (generated). */\nvar FILES = [".utf8)
        var list = BufferedData(consume bytes), isFirst = true
        for path in paths {
            list.append { entries in
                if !isFirst { entries.append(UInt8(ascii: ",")) }
                JSONText.append(string: path, to: &entries)
            }
            isFirst = false
        }
        bytes = list.finished()
        bytes.append(contentsOf: "];\n".utf8)
        return bytes
    }

    /// The service worker: precache every file on install (in batches, a failed file is skipped),
    /// drop other versions' caches on activate, answer from the cache first and fall back to the network.
    static let serviceWorker = """
    /* Loupe offline cache (generated). The version changes whenever any file of the site changes. */
    "use strict";
    var VERSION = "__VERSION__";
    importScripts("__FILES__");  /* var FILES = [every file of the site] */
    self.addEventListener("install", function (event) {
      event.waitUntil(caches.open(VERSION).then(function (cache) {
        var batches = [];
        for (var i = 0; i < FILES.length; i += 40) batches.push(FILES.slice(i, i + 40));
        return batches.reduce(function (done, batch) {
          return done.then(function () {
            return Promise.all(batch.map(function (path) { return cache.add(new Request(path, { cache: "reload" })).catch(function () {}); }));
          });
        }, Promise.resolve());
      }).then(function () { return self.skipWaiting(); }));
    });
    self.addEventListener("activate", function (event) {
      event.waitUntil(caches.keys().then(function (keys) {
        return Promise.all(keys.filter(function (k) { return k.indexOf("loupe-") === 0 && k !== VERSION; }).map(function (k) { return caches.delete(k); }));
      }).then(function () { return self.clients.claim(); }));
    });
    self.addEventListener("fetch", function (event) {
      if (event.request.method !== "GET") return;
      var url = new URL(event.request.url);
      if (url.origin !== self.location.origin) return;
      event.respondWith(caches.open(VERSION).then(function (cache) {
        // search.html?q=… and card.html#s2 are the same file.
        return cache.match(event.request, { ignoreSearch: url.pathname.slice(-12) === "/search.html" }).then(function (hit) {
          return hit || fetch(event.request);
        });
      }));
    });

    """
}
