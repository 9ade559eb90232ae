import Breeds
import Diagnostics
import Foundation

extension PageWriter {
    /// Breed index, one page per breed, and their local photos.
    mutating func writeBreedPages(renderer: PageRenderer, problems: inout ProblemList) {
        guard let catalog = content.breeds else { return }
        let imagesFolder = options.content.appendingPathComponent("breeds/images")
        page("breeds", context: catalog.indexContext(root: SitePaths.root(of: BreedCatalog.indexPath)), title: "Breeds",
             path: BreedCatalog.indexPath, kind: "breeds", renderer: renderer, problems: &problems)
        let images = catalog.localImageFiles(in: imagesFolder)
        for breed in catalog.breeds {
            let root = SitePaths.root(of: breed.pagePath)
            page("breed", context: breed.pageContext(root: root, imageFile: images[breed.pagePath]), title: breed.name,
                 path: breed.pagePath, kind: "breed", renderer: renderer, problems: &problems)
        }
        for file in Set(images.values).sorted() {
            do { try output.copy(imagesFolder.appendingPathComponent(file), to: BreedImages.sitePath + file) } catch {
                problems.diagnostics.append(.error(error.messageOnly, at: SourceLocation(path: options.display("breeds/images/" + file))))
            }
        }
    }
}
