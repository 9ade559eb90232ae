import Foundation
import Testing
@testable import SearchIndex

@Suite("Index files")
struct SearchIndexFilesTests {
    @Test func schemaShapeOfEveryFile() throws {
        let files = try SearchIndexBuilder(documentsPerShard: 2, termShardBytes: 256).build(IndexFixtures.cards).files()
        let manifestData = try #require(IndexFixtures.file("index.json", in: files))
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        #expect(Set(manifest.keys) == ["version", "encoding", "documentCount", "sectionCount", "termCount",
                                       "documentsPerShard", "documentShardCount", "termShards"])
        #expect(manifest["version"] as? Int == 1)
        #expect(manifest["encoding"] as? String == "base64-vlq")
        let decoded = try JSONDecoder().decode(SearchIndexSchema.Manifest.self, from: manifestData)
        for number in 0..<decoded.termShards.count {
            let data = try #require(IndexFixtures.file("terms/\(number).json", in: files))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(object.keys) == ["version", "terms", "postings"])
        }
        for number in 0..<decoded.documentShardCount {
            let data = try #require(IndexFixtures.file("docs/\(number).json", in: files))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(object.keys) == ["version", "first", "documents"])
            let documents = try #require(object["documents"] as? [[String: Any]])
            for document in documents {
                #expect(Set(document.keys) == ["url", "title", "path", "kind", "sections"])
            }
        }
        for file in files {
            #expect(file.contents.last == UInt8(ascii: "\n"), "\(file.path) ends with a newline")
            #expect(file.path.hasSuffix(".js") || file.path.hasSuffix(".json"))
        }
        #expect(files.filter { $0.path.hasSuffix(".js") }.count == files.count / 2)
    }

    /// Shards are written by hand for speed: they must be the bytes `JSONEncoder` (sorted keys,
    /// slashes unescaped) and the script-safe escaping give, for any text.
    @Test func handWrittenShardsAreTheEncodersBytes() throws {
        let pieces = ["a", "é", "👁", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}",
                      "\u{2028}", "\u{2029}", "\u{2027}", "<p>", "</script>", "&amp;", ">", " ", "~stem"]
        var state: UInt64 = 0x5EA2C4  // a fixed sequence: a failing shard can be reproduced
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        func text() -> String { (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined() }
        for _ in 0..<300 {
            let terms = (0..<next(6)).map { _ in text() }
            let termShard = SearchIndexSchema.TermShard(terms: terms, postings: terms.map { _ in text() })
            #expect(SearchIndexEncoding.termShardJSON(termShard) == (try SearchIndexEncoding.json(termShard)), "\(termShard)")
            let documents = (0..<next(4)).map { _ in
                SearchDocument(url: text(), title: text(), path: (0..<next(3)).map { _ in text() },
                               kind: SearchDocument.Kind.allCases[next(SearchDocument.Kind.allCases.count)],
                               sections: (0..<next(4)).map { _ in SearchSection(anchor: text(), header: text(), text: text()) })
            }
            let documentShard = SearchIndexSchema.DocumentShard(first: next(100_000), documents: documents)
            #expect(SearchIndexEncoding.documentShardJSON(documentShard) == (try SearchIndexEncoding.json(documentShard)),
                    "\(documentShard)")
        }
    }

    @Test func scriptsWrapTheSameJSON() throws {
        let files = try SearchIndexBuilder().build(IndexFixtures.cards).files()
        let json = try #require(IndexFixtures.file("index.json", in: files))
        let script = try #require(IndexFixtures.file("index.js", in: files))
        #expect(String(decoding: script, as: UTF8.self) == "window.LOUPE_SEARCH = " + String(decoding: json.dropLast(), as: UTF8.self) + ";\n")
        let shard = String(decoding: try #require(IndexFixtures.file("docs/0.js", in: files)), as: UTF8.self)
        #expect(shard.hasPrefix("(window.LOUPE_SEARCH_SHARDS = window.LOUPE_SEARCH_SHARDS || {})[\"docs/0\"] = {"))
    }

    @Test func textCannotBreakOutOfAScript() throws {
        let hostile = "</script><script>alert(1)</script> & <!-- \u{2028}\u{2029}"
        let document = SearchDocument(url: "deck/x/y/z.html", title: "</script>", path: ["<b>"], kind: .card,
                                      sections: [SearchSection(anchor: "s1", header: hostile, text: hostile)])
        let files = try SearchIndexBuilder().build([document]).files()
        for file in files {
            let text = String(decoding: file.contents, as: UTF8.self)
            #expect(!text.contains("<"), "\(file.path)")
            #expect(!text.contains(">"), "\(file.path)")
            #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"))
        }
        let data = try #require(IndexFixtures.file("docs/0.json", in: files))
        let shard = try JSONDecoder().decode(SearchIndexSchema.DocumentShard.self, from: data)
        #expect(shard.documents == [document])
    }

    @Test func outputIsDeterministic() throws {
        let first = try SearchIndexBuilder().build(IndexFixtures.cards).files()
        for _ in 0..<3 {
            #expect(try SearchIndexBuilder().build(IndexFixtures.cards).files() == first)
        }
        #expect(first.map(\.path) == first.map(\.path).sorted())
        let text = String(decoding: try #require(IndexFixtures.file("index.json", in: first)), as: UTF8.self)
        #expect(text.hasPrefix("{\"documentCount\":3,\"documentShardCount\":1,"))
    }
}
