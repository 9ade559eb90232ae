import Breeds
import Diagnostics
import Foundation

extension PageWriter {
    /// Breed index, one page per breed, and their local photos (through the image pipeline).
    mutating func writeBreedPages(renderer: PageRenderer, problems: inout ProblemList) {
        guard let catalog = content.breeds else { return }
        let imagesFolder = options.content.appendingPathComponent("breeds/images")
        page("breeds", context: catalog.indexContext(root: SitePaths.root(of: BreedCatalog.indexPath)), title: "Breeds",
             path: BreedCatalog.indexPath, kind: "breeds", renderer: renderer, problems: &problems)
        let images = catalog.localImageFiles(in: imagesFolder)
        // Only regular files inside the content folder (links are followed only within it).
        let contentFolder = ContentFolder(root: options.content)
        var files: [String] = []
        for file in Set(images.values).sorted() {
            if contentFolder.isReadableFile(imagesFolder.appendingPathComponent(file)) { files.append(file); continue }
            problems.diagnostics.append(.warning("breed photo '\(file)' is a link leading outside the content folder or not a regular file; it is not published",
                                                 at: SourceLocation(path: options.display("breeds/images/" + file))))
        }
        let outcome = imagePublisher.publish(files.map { ($0, imagesFolder.appendingPathComponent($0)) }, folder: BreedImages.sitePath)
        for file in files {
            if let error = outcome.failures[file] {
                problems.diagnostics.append(.warning("breed photo '\(file)' \(error.message); it is not published and the page shows a placeholder",
                                                     at: SourceLocation(path: options.display("breeds/images/" + file))))
            }
        }
        for failure in outcome.writeErrors {
            problems.diagnostics.append(.error(failure.error.messageOnly, at: SourceLocation(path: failure.path)))
        }
        for breed in catalog.breeds {
            let root = SitePaths.root(of: breed.pagePath)
            let file = images[breed.pagePath]
            let picture = file.flatMap { outcome.published[$0] }.map { published in
                BreedPicture(html: published.pictureHTML(root: root, alt: breed.name, sizes: ImageSizes.breed, isLazy: false),
                             url: root + published.fallbackPath)
            }
            page("breed", context: breed.pageContext(root: root, imageFile: picture == nil ? nil : file, picture: picture), title: breed.name,
                 path: breed.pagePath, kind: "breed", renderer: renderer, problems: &problems)
        }
    }
}
