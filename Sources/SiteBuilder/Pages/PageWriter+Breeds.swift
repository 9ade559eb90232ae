import Breeds
import Diagnostics
import Foundation

extension PageWriter {
    /// Publishes the breed photos (through the image pipeline) and returns each published photo by
    /// its breed's page path; the breed pages themselves are in ``SitePlan/breedPages(of:pictures:)``.
    mutating func publishBreedPhotos(problems: inout ProblemList) -> [String: BreedPicture] {
        guard let catalog = content.breeds else { return [:] }
        let imagesFolder = options.content.appendingPathComponent("breeds/images")
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
        var pictures: [String: BreedPicture] = [:]
        for breed in catalog.breeds {
            guard let file = images[breed.pagePath], let published = outcome.published[file] else { continue }
            let root = SitePaths.root(of: breed.pagePath)
            pictures[breed.pagePath] = BreedPicture(html: published.pictureHTML(root: root, alt: breed.name, sizes: ImageSizes.breed, isLazy: false),
                                                    url: root + published.fallbackPath)
        }
        return pictures
    }
}
