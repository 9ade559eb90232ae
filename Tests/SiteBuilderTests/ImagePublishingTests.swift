import Deck
import Diagnostics
import Foundation
@testable import SiteBuilder
import Testing
import TestSupport

/// Deck images through the image pipeline in a real build (docs/images.md).
@Suite("Deck images are published as responsive renditions only", .serialized)
struct ImagePublishingTests {
    static let fixtures = SitePagesGoldenTests.packageRoot.appendingPathComponent("Tests/ImagePipelineTests/Fixtures")

    static let deck = """
        \tCategory\tTopic\tSubtopic\tnil\tImage Caption\tHeader 1\tInfo1
        1\tRetina\tMacula\tPhotos\tgps.jpg, scan.tif, alpha.png\tPhoto*Scan*Alpha\t# Q\tA
        2\tRetina\tMacula\tHostile\tscript.svg, figure.jpg\tDrawing*Page\t# Q\tA

        """.replacingOccurrences(of: "\n        ", with: "\n")

    /// A project folder with `content/` and an empty cache; removed by the caller.
    func project(settings: String = "title: Images\n") throws -> (root: URL, options: BuildOptions) {
        let root = try TemporaryFolder.make("images")
        let images = root.appendingPathComponent("content/deck/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data(Self.deck.utf8).write(to: root.appendingPathComponent("content/deck/deck.tsv"))
        try Data(settings.utf8).write(to: root.appendingPathComponent("content/loupe.yml"))
        for name in ["gps.jpg", "scan.tif", "alpha.png", "script.svg", "figure.jpg"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: images.appendingPathComponent(name))
        }
        var options = BuildOptions(content: root.appendingPathComponent("content"),
                                   templates: SitePagesGoldenTests.packageRoot.appendingPathComponent("Templates"),
                                   output: root.appendingPathComponent("site"), includeSessions: false)
        options.imageCache = root.appendingPathComponent(".loupe-cache")
        return (root, options)
    }

    func files(under folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { !$0.hasSuffix("/") && !(FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path + "/")) }
            .sorted()
    }

    @Test func onlyRenditionsArePublishedAndBadImagesAreWarningsOnTheirRow() throws {
        let (root, options) = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = SiteGenerator.build(options)
        #expect(report.succeeded, "\(report.diagnostics)")
        let warning = try #require(report.diagnostics.first { $0.message.contains("figure.jpg") })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("is not a JPEG"))
        #expect(warning.location.line == 3)
        #expect(warning.location.path.hasSuffix("deck.tsv"))

        let published = files(under: options.output.appendingPathComponent("images"))
        #expect(!published.isEmpty)
        #expect(published.allSatisfy { $0.hasSuffix(".webp") || $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }, "\(published)")
        #expect(!published.contains { $0.contains("figure") }, "\(published)")
        #expect(published.contains { $0.hasPrefix("scan-") && $0.hasSuffix("-700.webp") })
        #expect(published.contains { $0.hasPrefix("alpha-") && $0.hasSuffix(".png") })
        for name in published {
            let bytes = try Data(contentsOf: options.output.appendingPathComponent("images/" + name))
            #expect(bytes.range(of: Data("Exif".utf8)) == nil, "\(name) holds EXIF")
            #expect(bytes.range(of: Data("<script".utf8)) == nil, "\(name) holds a script")
        }
    }

    @Test func cardStripMarkup() throws {
        let (root, options) = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(SiteGenerator.build(options).succeeded)
        let html = try String(contentsOf: options.output.appendingPathComponent("deck/retina/macula/photos.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<picture>").count == 4)
        #expect(html.contains("<source type=\"image/webp\" srcset=\"../../../images/gps-"))
        #expect(html.contains(" 480w, ../../../images/gps-"))
        #expect(html.contains("width=\"960\" height=\"1600\""))
        #expect(html.contains("data-zoom=\"../../../images/gps-"))
        #expect(html.components(separatedBy: "decoding=\"async\"").count == 4)
        // The first image is above the fold; the others load lazily.
        #expect(html.components(separatedBy: "loading=\"lazy\"").count == 3)
        let hostile = try String(contentsOf: options.output.appendingPathComponent("deck/retina/macula/hostile.html"), encoding: .utf8)
        #expect(hostile.components(separatedBy: "<picture>").count == 2)
        #expect(!hostile.contains("figure.jpg") && !hostile.contains("images/figure"))
        let study = try String(contentsOf: options.output.appendingPathComponent("study/topics/retina/macula/1.js"), encoding: .utf8)
        #expect(study.contains(" 480w, images/gps-"))
    }

    @Test func rebuildUsesTheCacheAndGivesTheSameBytes() throws {
        var (root, options) = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(SiteGenerator.build(options).succeeded)
        let first = files(under: options.output).map { ($0, FileManager.default.contents(atPath: options.output.appendingPathComponent($0).path)) }
        let cached = files(under: options.imageCache ?? root)
        #expect(cached.contains { $0.hasSuffix("image.json") })
        options.force = true
        #expect(SiteGenerator.build(options).succeeded)
        let second = files(under: options.output).map { ($0, FileManager.default.contents(atPath: options.output.appendingPathComponent($0).path)) }
        #expect(first.map(\.0) == second.map(\.0))
        // The manifest's cached input hashes depend on timing: every published file must be the same.
        #expect(first.filter { $0.0 != BuildFingerprint.manifestPath }.map(\.1) == second.filter { $0.0 != BuildFingerprint.manifestPath }.map(\.1))
        #expect(files(under: options.imageCache ?? root) == cached)
    }

    @Test func settingsFromLoupeYML() throws {
        let (root, options) = try project(settings: "images:\n  widths: [320]\n  formats: [jpeg]\n  quality: 60\n")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(SiteGenerator.build(options).succeeded)
        let published = files(under: options.output.appendingPathComponent("images"))
        #expect(published.contains { $0.hasPrefix("gps-") && $0.hasSuffix("-320.jpg") })
        #expect(!published.contains { $0.hasSuffix(".webp") })
    }

    @Test(arguments: ["images:\n  quality: 0\n", "images:\n  formats: [gif]\n", "images:\n  widths: []\n"])
    func badSettingsAreErrorsNamingTheKey(settings: String) throws {
        let (root, options) = try project(settings: settings)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = SiteGenerator.check(options)
        let error = try #require(report.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("images."), "\(error.message)")
    }
}
