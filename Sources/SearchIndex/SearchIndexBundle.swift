import Foundation

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

    /// Every file, each as JSON and as a script (`.js`, for sites opened from `file://`), sorted by path.
    public func files() throws(SearchIndexError) -> [SearchIndexFile] {
        var files: [SearchIndexFile] = []
        do {
            let manifestJSON = try SearchIndexEncoding.json(manifest)
            files.append(SearchIndexFile(path: "index.json", contents: SearchIndexEncoding.jsonFile(manifestJSON)))
            files.append(SearchIndexFile(path: "index.js", contents: SearchIndexEncoding.manifestScript(manifestJSON)))
            for (number, shard) in termShards.enumerated() {
                try append(shard, key: "terms/\(number)", to: &files)
            }
            for (number, shard) in documentShards.enumerated() {
                try append(shard, key: "docs/\(number)", to: &files)
            }
        } catch {
            throw .encodingFailed(reason: "\(error)")
        }
        return files.sorted { $0.path < $1.path }
    }

    private func append<Shard: Encodable>(_ shard: Shard, key: String, to files: inout [SearchIndexFile]) throws {
        let json = try SearchIndexEncoding.json(shard)
        files.append(SearchIndexFile(path: key + ".json", contents: SearchIndexEncoding.jsonFile(json)))
        files.append(SearchIndexFile(path: key + ".js", contents: SearchIndexEncoding.shardScript(key: key, json: json)))
    }
}
