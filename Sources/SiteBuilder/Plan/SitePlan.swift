import Breeds
import Deck
import Foundation

/// The rest of the site's pages as planned files, beside ``DeckPlan``: Study, Progress and Notes
/// with the study data index, the breed index and one page per breed, and the Search page. Pages are
/// digested from their contexts (they are few); the study index from the deck.
enum SitePlan {
    /// The study pages whose template exists (`missing` lists the others), then `study/cards.js`
    /// (digested from `cardDigests`, ``CardDigest/contents(of:images:)`` of the content's deck).
    static func studyFiles(of content: SiteContent, cardDigests: CardDigest.Contents, hasTemplate: (String) -> Bool,
                           missing: inout [String]) -> [PlannedFile] {
        let deck = content.deck
        let deckName = content.settings.deckName
        var files: [PlannedFile] = []
        // Progress and notes are personal: keep them out of search engines.
        let pages: [(template: String, title: String, path: String, isPersonal: Bool, context: @Sendable () -> [String: Any])] = [
            ("study", "Study", StudyPages.studyPath, false, { StudyPages.study(deck) }),
            ("progress", "Progress", StudyPages.progressPath, true, { StudyPages.progress(content) }),
            ("notes", "Notes", StudyPages.notesPath, true, { StudyPages.notes(content) }),
        ]
        for page in pages {
            guard hasTemplate(page.template) else { missing.append(page.template); continue }
            files.append(.page(page.template, title: page.title, path: page.path, kind: page.template, isPersonal: page.isPersonal,
                               context: page.context))
        }
        files.append(PlannedFile(path: "study/cards.js", digest: { CardDigest.studyIndex(deck, cards: cardDigests, deckName: deckName) },
                                 recipe: .data { StudyData.index(deck, deckName: deckName) }))
        return files
    }

    /// The breed index and every breed's page; `pictures` holds the published photo of each breed
    /// that has one, by the breed's page path (a breed without one shows the placeholder drawing).
    static func breedPages(of catalog: BreedCatalog, pictures: [String: BreedPicture]) -> [PlannedFile] {
        var files: [PlannedFile] = [
            .page("breeds", title: "Breeds", path: BreedCatalog.indexPath, kind: "breeds") {
                catalog.indexContext(root: SitePaths.root(of: BreedCatalog.indexPath))
            },
        ]
        for breed in catalog.breeds {
            let picture = pictures[breed.pagePath]
            files.append(.page("breed", title: breed.name, path: breed.pagePath, kind: "breed") {
                breed.pageContext(root: SitePaths.root(of: breed.pagePath), imageFile: nil, picture: picture)
            })
        }
        return files
    }

    /// The Search page (the index itself is written beside the pages, see `writeSearchIndex`).
    static let searchPage = PlannedFile.page("search", title: "Search", path: "search.html", kind: "search") {
        ["title": "Search", "breadcrumbs": [DeckPages.crumb("Contents", SitePaths.home)]]
    }
}
