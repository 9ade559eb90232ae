import Foundation
import Synchronization

/// A built index: the manifest, the term shards and the document shards, ready to serialise.
public struct SearchIndexBundle: Sendable, Equatable {
    /// `index.json`.
    public var manifest: SearchIndexSchema.Manifest
    /// `terms/<n>.json`, in order.
    public var termShards: [SearchIndexSchema.TermShard]
    /// `docs/<n>.json`, in order.
    public var documentShards: [SearchIndexSchema.DocumentShard]

    /// Creates a bundle.
    public init(manifest: SearchIndexSchema.Manifest, termShards: [SearchIndexSchema.TermShard],
                documentShards: [SearchIndexSchema.DocumentShard]) {
        self.manifest = manifest
        self.termShards = termShards
        self.documentShards = documentShards
    }

    /// The key of term shard `index` (`terms/3`): its files are `<key>.json` and `<key>.js`.
    public static func termShardKey(_ index: Int) -> String { "terms/\(index)" }

    /// The key of document shard `index` (`docs/3`).
    public static func documentShardKey(_ index: Int) -> String { "docs/\(index)" }

    /// Every file, each as JSON and as a script (`.js`, for sites opened from `file://`), sorted by path.
    /// Shards whose key `isKept` returns `true` for (an incremental build keeps them from the previous
    /// build) are not encoded and not returned.
    public func files(isKept: @Sendable (String) -> Bool = { _ in false }) throws(SearchIndexError) -> [SearchIndexFile] {
        var files: [SearchIndexFile] = []
        do {
            let manifestJSON = try SearchIndexEncoding.json(manifest)
            files.append(SearchIndexFile(path: "index.json", contents: SearchIndexEncoding.jsonFile(manifestJSON)))
            files.append(SearchIndexFile(path: "index.js", contents: SearchIndexEncoding.manifestScript(manifestJSON)))
            // Shards are independent: encode them on every core.
            let termCount = termShards.count
            // Encoded shards in shard order, and the first error.
            let encoded = Mutex<(files: [[SearchIndexFile]], error: (any Error)?)>(
                (Array(repeating: [], count: termCount + documentShards.count), nil))
            DispatchQueue.concurrentPerform(iterations: termCount + documentShards.count) { index in
                do {
                    let key = index < termCount ? Self.termShardKey(index) : Self.documentShardKey(index - termCount)
                    if isKept(key) { return }
                    let shard = index < termCount ? try Self.encode(termShards[index], key: key)
                                                  : try Self.encode(documentShards[index - termCount], key: key)
                    encoded.withLock { $0.files[index] = shard }
                } catch {
                    encoded.withLock { $0.error = $0.error ?? error }
                }
            }
            let (shards, failure) = encoded.withLock { ($0.files, $0.error) }
            if let failure { throw failure }
            files.append(contentsOf: shards.flatMap { $0 })
        } catch {
            throw .encodingFailed(reason: "\(error)")
        }
        return files.sorted { $0.path < $1.path }
    }

    private static func encode<Shard: Encodable>(_ shard: Shard, key: String) throws -> [SearchIndexFile] {
        let json = try SearchIndexEncoding.json(shard)
        return [SearchIndexFile(path: key + ".json", contents: SearchIndexEncoding.jsonFile(json)),
                SearchIndexFile(path: key + ".js", contents: SearchIndexEncoding.shardScript(key: key, json: json))]
    }
}
