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
        var builder = SearchIndexBuilder()
        builder.memo = options.memory?.postings
        builder.store = searchChunks
        let bundle = builder.build(searchDocuments)
        let digests = SearchShardDigest.all(bundle)
        let output = self.output
        let failures = SharedProblems()
        do {
            // A shard whose digest is unchanged keeps both of its files from the previous build; the
            // others are written as soon as they are encoded.
            try bundle.forEachFile(isKept: { key in
                guard let digest = digests[key] else { return false }
                return output.reuse("search/\(key).json", digest: digest) != nil && output.reuse("search/\(key).js", digest: digest) != nil
            }) { file in
                let path = "search/" + file.path
                let key = String(file.path.prefix(while: { $0 != "." }))
                do { try output.write(file.contents, to: path, digest: digests[key]) } catch {
                    failures.add(error, writing: path)
                }
            }
        } catch {
            problems.diagnostics.append(.error(error.description, at: SourceLocation(path: "search/index.json")))
        }
        problems.diagnostics.append(contentsOf: failures.all)
        // Every document's text and every posting: freed while the build goes on.
        BackgroundRelease.drop(bundle, keeping: options.leavesModelToExit)
    }
}
