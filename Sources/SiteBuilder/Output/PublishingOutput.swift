import Foundation

/// Where a build that may publish writes: a full build's staging folder, or the previous site
/// updated in place.
enum PublishingOutput {
    case full(StagedOutput)
    case incremental(IncrementalOutput)

    var output: any SiteOutput {
        switch self {
        case .full(let staged): staged
        case .incremental(let incremental): incremental
        }
    }

    /// Publishes the files with `manifest`; returns the number of files written or deleted.
    func commit(manifest: Data) throws(OutputError) -> Int {
        switch self {
        case .full(let staged):
            try staged.write(manifest, to: BuildFingerprint.manifestPath)
            try staged.commit()
            return staged.fileCount
        case .incremental(let incremental):
            return try incremental.commit(manifest: manifest, at: BuildFingerprint.manifestPath)
        }
    }

    /// Drops everything written, leaving the previous site as it was.
    func discard() {
        switch self {
        case .full(let staged): staged.discard()
        case .incremental(let incremental): incremental.discard()
        }
    }
}
