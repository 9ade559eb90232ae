// swift-tools-version:6.1
import PackageDescription

/// LoupeKit and every module it re-exports. A target using LoupeKit depends on each of them directly:
/// SwiftPM rebuilds a target when a direct dependency's module changes, and a change of layout alone in a
/// re-exported one (an internal stored property added) otherwise left the executable built against the
/// old layout, and it crashed (swiftlang/swift#89636).
let facade: [Target.Dependency] = ["LoupeKit", "SiteBuilder", "Deck", "Diagnostics", "ContentScaffold", "PreviewServer", "Templating",
                                   "ChartPDF", "Optotypes", "SessionPDF"]

let package = Package(
    name: "loupe",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "loupe", targets: ["loupe"]),
        .library(name: "LoupeKit", targets: ["LoupeKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Its default traits (swift-configuration, full Foundation) are not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // C libraries from Debian (libcmark-dev, libhpdf-dev); each is imported by exactly one module.
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // A per-thread arena libcmark allocates a document from (C: libcmark's allocator has no context).
        .target(name: "CmarkArena"),
        .systemLibrary(name: "CHaru", providers: [.apt(["libhpdf-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CVips"),  // libvips is loaded when first needed (Sources/CVips/shim.h)
        // glibc's <malloc.h> (mallopt), part of libc itself.
        .systemLibrary(name: "CMalloc"),

        // Shared vocabulary: located diagnostics, and escaping text for HTML, XML and Markdown.
        .target(name: "Diagnostics", dependencies: ["CLibCrypto"]),
        .target(name: "MarkupText"),
        // JSON parsed with the line and column of every value, for located diagnostics.
        .target(name: "LocatedJSON"),
        // Markdown → HTML through libcmark.
        .target(name: "MarkdownHTML", dependencies: ["CCmark", "CmarkArena", "MarkupText"]),
        // Mustache templates with a Markdown+HTML-escaping content type.
        .target(name: "Templating", dependencies: [.product(name: "Mustache", package: "swift-mustache"), "MarkupText"]),
        // Readers: the review deck, breed data, session records, study progress.
        .target(name: "Deck", dependencies: ["Diagnostics"]),
        .target(name: "Breeds", dependencies: ["Diagnostics", "LocatedJSON", "MarkupText"]),
        .target(name: "Sessions", dependencies: ["Diagnostics", "LocatedJSON", "ImagePipeline"]),
        .target(name: "SessionReports", dependencies: ["Sessions", "Templating", "MarkdownHTML", "Diagnostics", "MarkupText"]),
        .target(name: "Study", dependencies: ["Diagnostics", "LocatedJSON"]),
        // Session documents as PDF: finished standalone HTML through WeasyPrint (CSS paged media).
        .target(name: "SessionPDF", dependencies: ["Diagnostics"]),
        // Pure optotype geometry, and its PDF/SVG rendering.
        .target(name: "Optotypes"),
        .target(name: "ChartPDF", dependencies: ["Optotypes", "CHaru", "MarkupText"]),
        // Images: sniffed, resized, converted and stripped through libvips, cached by their bytes.
        .target(name: "ImagePipeline", dependencies: ["CVips", "Diagnostics"]),
        // The search index.
        .target(name: "SearchIndex", dependencies: ["Diagnostics", "MarkupText"]),
        // Anki packages (.apkg: SQLite collection + media in a zip) and Anki's text import format.
        .target(name: "AnkiExport", dependencies: ["CSQLite", "CLibCrypto", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Pages, assets, staging writer.
        .target(
            name: "SiteBuilder",
            dependencies: ["Diagnostics", "MarkdownHTML", "Templating", "Deck", "Breeds", "SearchIndex", "Study", "SessionReports", "Sessions",
                           "Optotypes", "ChartPDF", "MarkupText", "SessionPDF", "ImagePipeline",
                           "AnkiExport", "CMalloc",
                           .product(name: "Yams", package: "Yams")]
        ),
        // The repository's Templates/ compiled into the binary at build time (Plugins/EmbedTemplates).
        .executableTarget(name: "EmbedTemplatesTool", path: "Plugins/EmbedTemplatesTool"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["EmbedTemplatesTool"]),
        .target(name: "DefaultTemplates", plugins: ["EmbedTemplates"]),
        // A new content folder for `loupe init`.
        .target(name: "ContentScaffold"),
        // `loupe serve`: the site over HTTP, rebuilt on change, live reload.
        .target(name: "PreviewServer", dependencies: ["SiteBuilder", "Diagnostics", "MarkupText", .product(name: "Hummingbird", package: "hummingbird"),
                                                  .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio")]),
        // Façade used by the executable.
        .target(name: "LoupeKit", dependencies: ["SiteBuilder", "Diagnostics", "DefaultTemplates", "ContentScaffold", "PreviewServer", "Templating",
                                             "ChartPDF", "Optotypes", "SessionReports", "SessionPDF"]),
        .executableTarget(name: "loupe", dependencies: facade + [.product(name: "ArgumentParser", package: "swift-argument-parser")]),

        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "MarkupTextTests", dependencies: ["MarkupText"]),
        .testTarget(name: "LocatedJSONTests", dependencies: ["LocatedJSON"]),
        .testTarget(name: "MarkdownHTMLTests", dependencies: ["MarkdownHTML"]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating", "MarkdownHTML", "MarkupText"]),
        .testTarget(name: "DeckTests", dependencies: ["Deck"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BreedsTests", dependencies: ["Breeds", "Templating", "MarkdownHTML"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SessionsTests", dependencies: ["Sessions"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SessionReportsTests", dependencies: ["SessionReports", "Templating"], exclude: ["Golden"]),
        .testTarget(name: "StudyTests", dependencies: ["Study", "LocatedJSON"]),
        .testTarget(name: "OptotypesTests", dependencies: ["Optotypes"]),
        .testTarget(name: "ChartPDFTests", dependencies: ["ChartPDF", "Optotypes"], exclude: ["Golden"]),
        .testTarget(name: "SearchIndexTests", dependencies: ["SearchIndex", "Diagnostics"]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["SiteBuilder", "Deck", "Diagnostics", "Templating", "ImagePipeline", "MarkupText"], exclude: ["Golden"]),
        .testTarget(name: "SessionPDFTests", dependencies: ["SessionPDF"]),
        .testTarget(name: "EndToEndTests", dependencies: facade),
        .testTarget(name: "DefaultTemplatesTests", dependencies: ["DefaultTemplates", "Templating"]),
        .testTarget(name: "PreviewServerTests", dependencies: facade),
        .testTarget(name: "AnkiExportTests", dependencies: ["AnkiExport", "SiteBuilder", "Deck", "Diagnostics"]),
        .testTarget(name: "ImagePipelineTests", dependencies: ["ImagePipeline"], resources: [.copy("Fixtures")]),
    ]
)

// Helpers every test target shares (temporary folders, golden files, the shared real data), in Tests/TestSupport.
package.targets.append(.target(name: "TestSupport", dependencies: ["Optotypes"], path: "Tests/TestSupport"))
for target in package.targets where target.type == .test { target.dependencies.append("TestSupport") }
