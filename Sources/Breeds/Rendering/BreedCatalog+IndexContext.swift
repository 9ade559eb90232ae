import Foundation

extension BreedCatalog {
    /// The version of the JSON embedded in the index page (`#breed-data`), bumped on incompatible changes.
    public static let indexDataVersion = 1

    /// The context for `Templates/breeds.md`, the breed index.
    ///
    /// - Parameter root: the relative path from the index page to the site root (`"../"` for `breeds/index.html`).
    /// - Returns: `root`, `hasBreeds`, `breedCount`, `species` (one entry per species present, each with
    ///   `label`, `pluralLabel`, `count` and `breeds`: `name`, `url`, `id`, `summary`, `hasSummary`), `breedDataJSON`
    ///   (for `{{{…}}}` inside `<script type="application/json" id="breed-data">`) and `scriptURL`
    ///   (`{{{…}}}`, the attribute-escaped address of `assets/breeds.js`).
    public func indexContext(root: String) -> [String: Any] {
        let groups: [[String: Any]] = Species.allCases.compactMap { species in
            let members = breeds.filter { $0.species == species }
            guard !members.isEmpty else { return nil }
            return [
                "species": species.rawValue,
                "label": species.label,
                "pluralLabel": species.pluralLabel,
                "count": members.count,
                "breeds": members.map { breed -> [String: Any] in
                    ["name": breed.name, "id": breed.id, "url": root + breed.pagePath, "summary": breed.indexSummary,
                     "hasSummary": !breed.indexSummary.isEmpty]
                },
            ]
        }
        return [
            "root": root,
            "hasBreeds": !breeds.isEmpty,
            "breedCount": breeds.count,
            "species": groups,
            "breedDataJSON": indexDataJSON(root: root),
            "scriptURL": HTMLEscaping.attribute(root + "assets/breeds.js"),
        ]
    }

    /// The breed data the index script filters and sorts, as JSON safe to embed in a `<script>` element:
    /// sorted keys, one line, and `<`, `>`, `&` written as `\u003c`, `\u003e`, `\u0026`.
    ///
    /// Shape (version 1): `{"version":1,"root":"../","breeds":[{"id","name","species","url","alt"?,
    /// "group"?,"origins"?,"temperament"?,"lifeSpan"?:[min,max],"lifeSpanText"?,"weightKg"?:[min,max],
    /// "weightText"?}]}`; `url` is relative to `root`.
    public func indexDataJSON(root: String) -> String {
        let entries = breeds.map { $0.indexEntry }
        let document: [String: Any] = ["version": Self.indexDataVersion, "root": root, "breeds": entries]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) else {
            return "{\"breeds\":[],\"version\":\(Self.indexDataVersion)}"
        }
        return Self.scriptSafe(String(decoding: data, as: UTF8.self))
    }

    /// Makes JSON inert inside an HTML `<script>` element (those characters only occur inside JSON strings).
    static func scriptSafe(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Breed {
    /// One line for the index: "Toy · Germany, France · 10–12 years · 3–6 kg".
    var indexSummary: String {
        var parts: [String] = []
        if let breedGroup { parts.append(breedGroup) }
        let origin = origins.compactMap { $0.name ?? $0.code }.joined(separator: ", ")
        if !origin.isEmpty { parts.append(origin) }
        if let lifeSpan { parts.append(lifeSpan.formatted(unit: "years")) }
        if let weight { parts.append(weight.metricText) }
        return parts.joined(separator: " · ")
    }

    /// This breed's entry in the index JSON.
    var indexEntry: [String: Any] {
        var entry: [String: Any] = ["id": id, "name": name, "species": species.rawValue, "url": pagePath]
        if !alternativeNames.isEmpty { entry["alt"] = alternativeNames }
        if let breedGroup { entry["group"] = breedGroup }
        let originNames = origins.compactMap { $0.name ?? $0.code }
        if !originNames.isEmpty { entry["origins"] = originNames }
        if !temperament.isEmpty { entry["temperament"] = temperament }
        if let lifeSpan {
            entry["lifeSpan"] = [Self.rounded(lifeSpan.minimum), Self.rounded(lifeSpan.maximum)]
            entry["lifeSpanText"] = lifeSpan.formatted(unit: "years")
        }
        if let weight {
            let metric = weight.metricRange
            entry["weightKg"] = [Self.rounded(metric.minimum), Self.rounded(metric.maximum)]
            entry["weightText"] = "\(weight.metricText) (\(weight.imperialText))"
        }
        return entry
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
