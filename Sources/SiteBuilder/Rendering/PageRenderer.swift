import Foundation
import MarkdownHTML
import Templating

/// Renders a page: Mustache template → Markdown → libcmark → HTML layout.
struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let site: [String: String]

    /// What the layout needs besides the body.
    struct Page {
        var title: String
        /// Relative path from the page to the site root, e.g. `../../`.
        var root: String
        var kind: String
        var description: String? = nil
        var isPersonal = false
        var scripts: [String] = []
    }

    /// Renders the Markdown template `template` with `context`, then wraps it in the layout.
    func render(_ template: String, context: [String: Any], page: Page) throws(TemplateError) -> String {
        var context = context
        context["root"] = page.root
        context["site"] = siteContext
        for (key, value) in site where key.hasPrefix("has") { context[key] = value == "true" }
        let markdown = try templates.render(template, with: context)
        let body = MarkdownRenderer.html(from: markdown, allowRawHTML: true)
        return try wrap(body: body, page: page)
    }

    /// The site values for templates, with `has…` flags as booleans.
    var siteContext: [String: Any] {
        var context: [String: Any] = site
        for (key, value) in site where key.hasPrefix("has") { context[key] = value == "true" }
        return context
    }

    /// Wraps an HTML fragment in the layout.
    func wrap(body: String, page: Page) throws(TemplateError) -> String {
        var layout: [String: Any] = [
            "title": page.title, "root": page.root, "body": body, "kind": page.kind, "site": siteContext,
            "isPersonal": page.isPersonal, "scripts": page.scripts.map { ["src": page.root + $0] },
        ]
        layout["description"] = page.description ?? site["description"] ?? ""
        for (key, value) in site where key.hasPrefix("has") { layout[key] = value == "true" }
        return try templates.render("layout", with: layout)
    }
}
