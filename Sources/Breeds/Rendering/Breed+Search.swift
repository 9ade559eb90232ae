/// A part of a breed page for the site's search index: a heading and its plain text.
public struct BreedSearchSection: Sendable, Equatable, Codable {
    /// The section heading as shown on the page, e.g. "Temperament".
    public var heading: String
    /// Plain text (not escaped; the search index encodes it).
    public var text: String

    /// Creates a section.
    public init(heading: String, text: String) {
        self.heading = heading
        self.text = text
    }
}

extension Breed {
    /// The search result title: the breed's name.
    public var searchTitle: String { name }

    /// Where the result sits, for its context line: "Breeds › Cats".
    public var searchContext: String { "Breeds › \(species.pluralLabel)" }

    /// The page's searchable parts, in page order; empty parts are left out.
    public var searchSections: [BreedSearchSection] {
        var sections: [BreedSearchSection] = []
        func add(_ heading: String, _ parts: [String?]) {
            let text = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if !text.isEmpty { sections.append(BreedSearchSection(heading: heading, text: text)) }
        }
        add("Overview", [
            alternativeNames.isEmpty ? nil : "Also known as " + alternativeNames.joined(separator: ", ") + ".",
            description,
        ])
        add("At a glance", [
            species.label,
            breedGroup,
            bredFor,
            origins.isEmpty ? nil : origins.map(\.displayText).joined(separator: ", "),
            lifeSpan.map { $0.formatted(unit: "years") },
        ])
        add("Temperament", [temperament.joined(separator: ", ")])
        add("History", [history])
        return sections
    }

    /// All searchable text in one string: name, id and every section.
    public var searchText: String {
        ([name, id] + searchSections.map(\.text)).joined(separator: "\n")
    }
}
