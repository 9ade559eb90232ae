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
            let encoded = ShardResults(count: termCount + documentShards.count)
            DispatchQueue.concurrentPerform(iterations: termCount + documentShards.count) { index in
                do {
                    let key = index < termCount ? Self.termShardKey(index) : Self.documentShardKey(index - termCount)
                    if isKept(key) { return }
                    if index < termCount {
                        encoded.set(index, try Self.encode(termShards[index], key: key))
                    } else {
                        encoded.set(index, try Self.encode(documentShards[index - termCount], key: key))
                    }
                } catch {
                    encoded.fail(error)
                }
            }
            if let error = encoded.error { throw error }
            files.append(contentsOf: encoded.all.flatMap { $0 })
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

/// Encoded shards collected from parallel workers, in shard order.
private final class ShardResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [[SearchIndexFile]]
    private(set) var error: Error?

    init(count: Int) { results = Array(repeating: [], count: count) }

    func set(_ index: Int, _ files: [SearchIndexFile]) { lock.withLock { results[index] = files } }
    func fail(_ error: Error) { lock.withLock { self.error = self.error ?? error } }
    var all: [[SearchIndexFile]] { lock.withLock { results } }
}
