import Foundation

/// Finds breed photos among local files: `content/breeds/images/<reference_image_id>.(jpg|jpeg|png|webp)`.
/// Network addresses from the data (`image.url`) are never used.
public enum BreedImages {
    /// Extensions looked for, in order of preference.
    public static let extensions = ["jpg", "jpeg", "png", "webp"]

    /// Where the lead copies the photos, relative to the site root.
    public static let sitePath = "breeds/images/"

    /// The file name of the breed's local photo in `imagesDirectory` (e.g. `"0XYvRd7oD.jpg"`), or `nil`.
    /// Only regular files inside the folder count (a symbolic link leading out of it does not).
    public static func localFile(for breed: Breed, in imagesDirectory: URL) -> String? {
        guard let id = breed.referenceImageID, BreedRecordReader.isSafeImageID(id) else { return nil }
        let folder = imagesDirectory.resolvingSymlinksInPath().standardizedFileURL.path
        for fileExtension in extensions {
            let candidate = imagesDirectory.appendingPathComponent("\(id).\(fileExtension)")
            let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory),
                  !isDirectory.boolValue,
                  resolved.deletingLastPathComponent().path == folder
            else { continue }
            return candidate.lastPathComponent
        }
        return nil
    }

    /// Whether `fileName` is a plain photo file name this module accepts (`<id>.<extension>`).
    public static func isAcceptableFileName(_ fileName: String) -> Bool {
        let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return BreedRecordReader.isSafeImageID(String(parts[0])) && extensions.contains(parts[1].lowercased())
    }
}

/// A breed photo as the site publishes it: ready `<picture>` markup and the URL of its fallback image.
public struct BreedPicture: Sendable, Equatable {
    /// The `<picture>` element (escaped by whoever made it).
    public var html: String
    /// The fallback image's URL, relative to the page.
    public var url: String

    /// Creates a picture.
    public init(html: String, url: String) {
        self.html = html
        self.url = url
    }
}

extension BreedCatalog {
    /// Page path → local photo file name, for every breed with a photo in `imagesDirectory`.
    public func localImageFiles(in imagesDirectory: URL) -> [String: String] {
        var files: [String: String] = [:]
        // Most catalogs have no local photos: no folder, nothing to look up for each breed.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: imagesDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return files
        }
        for breed in breeds {
            if let file = BreedImages.localFile(for: breed, in: imagesDirectory) {
                files[breed.pagePath] = file
            }
        }
        return files
    }
}
