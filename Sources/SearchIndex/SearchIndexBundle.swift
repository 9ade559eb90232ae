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

    /// Whether `path` (relative to the index's folder) is a shard's script twin, `terms/N.js` or
    /// `docs/N.js`: only a site opened from `file://` loads those (over http(s) the shards are
    /// fetched as JSON), so a service worker has no need to cache them.
    public static func isShardScript(_ path: String) -> Bool {
        (path.hasPrefix("terms/") || path.hasPrefix("docs/")) && path.hasSuffix(".js")
    }

    /// Every file, each as JSON and as a script (`.js`, for sites opened from `file://`), sorted by path.
    /// Shards whose key `isKept` returns `true` for (an incremental build keeps them from the previous
    /// build) are not encoded and not returned.
    public func files(isKept: @Sendable (String) -> Bool = { _ in false }) throws(SearchIndexError) -> [SearchIndexFile] {
        let collected = Mutex<[SearchIndexFile]>([])
        try forEachFile(isKept: isKept) { file in collected.withLock { $0.append(file) } }
        return collected.withLock { $0 }.sorted { $0.path < $1.path }
    }

    /// Encodes every file not kept (see ``files(isKept:)``) and hands each to `body` as soon as it is
    /// encoded, on every core and in no fixed order: a large index is never held in memory whole.
    public func forEachFile(isKept: @Sendable (String) -> Bool = { _ in false },
                            _ body: @Sendable (SearchIndexFile) -> Void) throws(SearchIndexError) {
        do {
            let manifestJSON = try SearchIndexEncoding.json(manifest)
            body(SearchIndexFile(path: "index.json", contents: SearchIndexEncoding.jsonFile(manifestJSON)))
            body(SearchIndexFile(path: "index.js", contents: SearchIndexEncoding.manifestScript(manifestJSON)))
        } catch {
            throw .encodingFailed(reason: "\(error)")
        }
        // Shards are independent: encode them on every core.
        let termCount = termShards.count
        DispatchQueue.concurrentPerform(iterations: termCount + documentShards.count) { index in
            let key = index < termCount ? Self.termShardKey(index) : Self.documentShardKey(index - termCount)
            if isKept(key) { return }
            let json = index < termCount ? SearchIndexEncoding.termShardJSON(termShards[index])
                                         : SearchIndexEncoding.documentShardJSON(documentShards[index - termCount])
            body(SearchIndexFile(path: key + ".json", contents: SearchIndexEncoding.jsonFile(json)))
            body(SearchIndexFile(path: key + ".js", contents: SearchIndexEncoding.shardScript(key: key, json: json)))
        }
    }
}
