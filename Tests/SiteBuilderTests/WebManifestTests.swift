import Foundation
@testable import SiteBuilder
import Testing

/// `manifest.webmanifest` is written by hand (``PageWriter/webManifest(_:)``): it must be the JSON
/// `JSONSerialization` wrote before (sorted keys, slashes unescaped), whatever the site's title,
/// description and language hold.
@Suite("Web manifest")
struct WebManifestTests {
    /// What `JSONSerialization` wrote for `settings` (the code this replaced).
    private func serialized(_ settings: SiteSettings) throws -> String {
        let manifest: [String: Any] = [
            "name": settings.title, "short_name": String(settings.title.prefix(12)), "description": settings.description,
            "lang": settings.language, "start_url": "./index.html", "scope": "./", "display": "standalone",
            "background_color": "#fbfaf7", "theme_color": "#0b5cad",
            "icons": [
                ["src": "assets/icon-192.png", "sizes": "192x192", "type": "image/png"],
                ["src": "assets/icon-512.png", "sizes": "512x512", "type": "image/png"],
                ["src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    @Test("The hand-written manifest is JSONSerialization's, byte for byte")
    func matchesJSONSerialization() throws {
        let texts = ["Loupe", "", "Ophthalmology \"review\" 2019 / résumé", "a\\b\tc\nd", "<script>alert(1)</script> & co",
                     "👁️ Retina — Glaucoma ‹fast›", "\u{01}\u{1F}\u{7F}", "A very long title that is cut at twelve"]
        for (index, title) in texts.enumerated() {
            var settings = SiteSettings.defaults
            settings.title = title
            settings.description = texts[(index + 3) % texts.count]
            settings.language = ["en", "fr-CA", "x\"y"][index % 3]
            #expect(String(decoding: PageWriter.webManifest(settings), as: UTF8.self) == (try serialized(settings)), "\(title)")
        }
    }

    @Test("The manifest parses as JSON with the site's values")
    func parses() throws {
        var settings = SiteSettings.defaults
        settings.title = "Cornea & lens"
        let object = try #require(try JSONSerialization.jsonObject(with: PageWriter.webManifest(settings)) as? [String: Any])
        #expect(object["name"] as? String == "Cornea & lens")
        #expect((object["icons"] as? [[String: String]])?.map { $0["src"] ?? "" }
                == ["assets/icon-192.png", "assets/icon-512.png", "assets/icon.svg"])
    }
}
