import Breeds
import Diagnostics
import Foundation
import SearchIndex

extension PageWriter {
    /// What the site's search finds: cards, then the About page. Breed pages go here too.
    var searchDocuments: [SearchDocument] {
        var documents = SearchDocuments.cards(content.deck)
        for breed in content.breeds?.breeds ?? [] {
            documents.append(SearchDocument(
                url: breed.pagePath, title: breed.searchTitle, path: ["Breeds", breed.species.pluralLabel], kind: .breed,
                sections: breed.searchSections.enumerated().map { index, section in
                    SearchSection(anchor: "", header: section.heading, text: section.text)
                }))
        }
        if let about = SearchDocuments.about(html: content.aboutHTML) { documents.append(about) }
        return documents
    }

    /// Writes `search/index.json`, `search/index.js` and the term and document shards.
    func writeSearchIndex(problems: inout ProblemList) {
        let files: [SearchIndexFile]
        let trace = ProcessInfo.processInfo.environment["LOUPE_TRACE"] != nil
        let clock = ContinuousClock()
        var mark = clock.now
        func lap(_ name: String) {
            if trace { FileHandle.standardError.write(Data("  search \(name): \(clock.now - mark)\n".utf8)) }
            mark = clock.now
        }
        do {
            let documents = searchDocuments
            lap("documents")
            let bundle = SearchIndexBuilder().build(documents)
            lap("build")
            files = try bundle.files()
            lap("encode")
        } catch {
            problems.diagnostics.append(.error(error.description, at: SourceLocation(path: "search/index.json")))
            return
        }
        for file in files {
            let path = "search/" + file.path
            do { try output.write(file.contents, to: path) } catch {
                problems.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: path)))
            }
        }
        lap("write")
    }
}
