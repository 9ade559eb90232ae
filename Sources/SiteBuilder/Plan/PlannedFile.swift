import Foundation
import Templating

/// One output of the build plan: where it goes, a digest of exactly the inputs it is made from, and
/// how to make it. Planning renders nothing; ``PageWriter/make(_:renderer:problems:)`` makes only the
/// files whose digest differs from the previous build's.
struct PlannedFile: Sendable {
    /// How the file is made.
    enum Recipe: Sendable {
        /// A Markdown template rendered with its context, inside the layout.
        case page(template: String, page: PageRenderer.Page, context: @Sendable () throws -> [String: Any])
        /// A Markdown template rendered inside the layout from the entries of its context
        /// (``PageRenderer/render(_:entries:page:context:)``); the context itself is made only when
        /// swift-mustache needs it, or when `entries` is `nil`.
        case shapedPage(template: String, page: PageRenderer.Page, make: @Sendable () throws -> ShapedContext)
        /// Bytes made by a function.
        case data(@Sendable () throws -> Data)
    }

    /// A page's context as entries for a ``ContextShapeWriter``, and as the dictionary they stand for.
    struct ShapedContext {
        var entries: [(key: String, value: ContextShapeWriter.Entry)]?
        var context: () -> [String: Any]
        /// HTML blocks (a card's sections) that `entries` and `context` hold a
        /// ``MarkdownHTML/MarkdownRenderer/blockMarker(_:)`` line for: spliced in after libcmark has
        /// read the rest of the page (``PageRenderer/render(_:entries:page:splicing:context:)``).
        var splicedBlocks: [String] = []
        /// The same context with the blocks written in, for when they cannot be spliced.
        var unspliced: (() -> ShapedContext)? = nil
    }

    /// The site-relative path.
    let path: String
    /// The digest of the file's inputs, taken from the model by the worker that reaches the file.
    /// `nil` means none is known without making it: a page is then digested from its context, other
    /// data is written only when its bytes changed.
    let digest: @Sendable () -> RecordedHex?
    let recipe: Recipe

    /// Whether the file counts as a page of the site.
    var isPage: Bool {
        if case .page = recipe { return true }
        if case .shapedPage = recipe { return true }
        return false
    }

    /// A page whose digest comes from its context; a personal page (progress, notes) is kept out of
    /// search engines.
    /// `digest`, when given, is taken from the model instead (it must cover everything the context
    /// and the page's layout values are made from).
    static func page(_ template: String, title: String, path: String, kind: String, isPersonal: Bool = false,
                     digest: @escaping @Sendable () -> RecordedHex? = { nil },
                     context: @escaping @Sendable () -> [String: Any]) -> PlannedFile {
        PlannedFile(path: path, digest: digest,
                    recipe: .page(template: template, page: PageRenderer.Page(title: title, root: SitePaths.root(of: path), kind: kind,
                                                                              isPersonal: isPersonal),
                                  context: context))
    }
}
