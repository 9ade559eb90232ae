import Breeds
import Diagnostics
import Foundation
import SearchIndex

extension PageWriter {
    /// What the site's search finds: cards, breed pages, the About page, then categories and topics.
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
        documents += SearchDocuments.groups(content.deck)
        return documents
    }

    /// Writes `search/index.json`, `search/index.js` and the term and document shards.
    func writeSearchIndex(problems: inout ProblemList) {
        let files: [SearchIndexFile]
        let digests: [String: String]
        do {
            let bundle = SearchIndexBuilder().build(searchDocuments)
            digests = SearchShardDigest.all(bundle)
            let output = self.output
            // A shard whose digest is unchanged keeps both of its files from the previous build.
            files = try bundle.files(isKept: { key in
                guard let digest = digests[key] else { return false }
                return output.reuse("search/\(key).json", digest: digest) != nil && output.reuse("search/\(key).js", digest: digest) != nil
            })
        } catch {
            problems.diagnostics.append(.error(error.description, at: SourceLocation(path: "search/index.json")))
            return
        }
        for file in files {
            let path = "search/" + file.path
            let key = String(file.path.prefix(while: { $0 != "." }))
            do { try output.write(file.contents, to: path, digest: digests[key]) } catch {
                problems.diagnostics.append(.writing(error, path: path))
            }
        }
    }
}
