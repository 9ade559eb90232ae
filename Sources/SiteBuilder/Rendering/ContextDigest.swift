/// A digest of a template context: every key and value, in a fixed order, so two contexts that would
/// render the same page have the same digest. An incremental build compares it with the previous
/// build's before rendering, and renders only pages whose digest changed.
enum ContextDigest {
    /// Mixes `value` into `hash`; `false` when it holds a value the digest does not know (the page
    /// is then always rendered, never wrongly reused).
    static func add(_ value: Any, to hash: inout FNV1a) -> Bool {
        switch value {
        case let text as String:
            hash.add("s\(text.utf8.count):")
            hash.add(text)
        case let flag as Bool:
            hash.add(flag ? "T" : "F")
        case let number as Int:
            hash.add("i\(number);")
        case let number as Double:
            hash.add("d\(number.bitPattern);")
        case let dictionary as [String: Any]:
            hash.add("{\(dictionary.count):")
            for key in dictionary.keys.sorted() {
                hash.add("k\(key.utf8.count):")
                hash.add(key)
                guard let item = dictionary[key], add(item, to: &hash) else { return false }
            }
            hash.add("}")
        case let list as [Any]:
            hash.add("[\(list.count):")
            for item in list where !add(item, to: &hash) { return false }
            hash.add("]")
        default:
            return false
        }
        return true
    }

    /// The digest of one page: template, layout values and context.
    static func page(template: String, context: [String: Any], page: PageRenderer.Page, site: String) -> RecordedHex? {
        var hash = FNV1a()
        hash.add("page-1|\(site)|\(template)|")
        let shape: [String: Any] = [
            "title": page.title, "root": page.root, "kind": page.kind, "description": page.description ?? "",
            "hasDescription": page.description != nil, "personal": page.isPersonal, "scripts": page.scripts,
        ]
        guard add(shape, to: &hash), add(context, to: &hash) else { return nil }
        return hash.recorded
    }
}
