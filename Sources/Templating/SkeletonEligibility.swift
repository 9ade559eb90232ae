/// Whether a template's output can be made from skeletons (``RenderSkeleton``): it must not use
/// what makes swift-mustache's output depend on a value's text beyond escaping and inserting it.
enum SkeletonEligibility {
    /// False when `template` changes its delimiters (`{{=`), applies a transform (`{{ lowercased(x) }}`:
    /// a `(` in a tag), names a partial by a value (`{{>*x}}`), indents a partial or block (its lines
    /// are indented by whether the value before ends a line), or holds a marker character itself.
    static func allows(_ template: String) -> Bool {
        if template.unicodeScalars.contains(where: RenderSkeleton.isMarkerScalar) || template.contains("{{=") { return false }
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let tag = rest[..<close.lowerBound]
            if tag.contains("(") { return false }
            let trimmed = tag.drop { $0 == " " || $0 == "{" || $0 == "&" }
            if trimmed.first == ">", trimmed.dropFirst().drop(while: { $0 == " " }).first == "*" { return false }
            rest = rest[close.upperBound...]
        }
        for line in template.split(separator: "\n", omittingEmptySubsequences: true) {
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            guard !indent.isEmpty, line.dropFirst(indent.count).hasPrefix("{{") else { continue }
            let tag = line.dropFirst(indent.count + 2).drop { $0 == " " }
            if let first = tag.first, ">$<".contains(first) { return false }
        }
        return true
    }
}
