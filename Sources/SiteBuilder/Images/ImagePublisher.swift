import Foundation
import ImagePipeline

/// Runs source images through the ``ImagePipeline`` (all cores, cached) and writes their renditions
/// into the site. Only renditions are ever written: nothing from an images folder is copied as it is.
struct ImagePublisher {
    let pipeline: ImagePipeline
    let output: HashingOutput

    /// The outcome for a set of sources.
    struct Outcome {
        /// Published images by source name.
        var published: [String: PublishedImage] = [:]
        /// Sources that are not images or cannot be decoded, by source name.
        var failures: [String: ImageError] = [:]
        /// Renditions that could not be written: (site path, error).
        var writeErrors: [(path: String, error: OutputError)] = []
    }

    /// Publishes `sources` (name → file) under `folder` (e.g. `images/`). For `loupe check` (a
    /// discarding output) each file is only inspected: sniffed and its header decoded.
    func publish(_ sources: [(name: String, file: URL)], folder: String) -> Outcome {
        var outcome = Outcome()
        if output.isDiscarding {
            for source in sources {
                do throws(ImageError) { _ = try ImagePipeline.inspect(file: source.file) } catch { outcome.failures[source.name] = error }
            }
            return outcome
        }
        let results = pipeline.prepare(files: sources.map(\.file))
        for (source, result) in zip(sources, results) {
            switch result {
            case .failure(let error):
                outcome.failures[source.name] = error
            case .success(let prepared):
                let published = PublishedImage(image: prepared.image, sourceName: source.name, folder: folder)
                var written = true
                for rendition in prepared.image.allRenditions {
                    guard let bytes = prepared.files[rendition] else { continue }
                    do { try output.write(bytes, to: published.path(of: rendition)) } catch {
                        outcome.writeErrors.append((published.path(of: rendition), error))
                        written = false
                    }
                }
                if written { outcome.published[source.name] = published }
            }
        }
        return outcome
    }
}
