import Diagnostics
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SearchIndex

/// Tokenised chunks kept between builds (`PostingChunkStore`, `PostingChunkCoding`): what comes back
/// must be exactly what a build without them makes.
@Suite("Kept search chunks")
struct PostingChunkStoreTests {
    /// A store in memory that counts what the builder asks of it.
    final class Store: PostingChunkStore {
        private let state = Mutex<(chunks: [[UInt8]: [UInt8]], stored: Int, kept: Int)>(([:], 0, 0))
        var stored: Int { state.withLock { $0.stored } }
        var kept: Int { state.withLock { $0.kept } }
        var chunks: [[UInt8]: [UInt8]] {
            get { state.withLock { $0.chunks } }
            set { state.withLock { $0.chunks = newValue } }
        }

        func chunk(forKey key: [UInt8]) -> [UInt8]? {
            state.withLock { state in
                guard let bytes = state.chunks[key] else { return nil }
                state.kept += 1
                return bytes
            }
        }

        func keepChunk(forKey key: [UInt8]) -> Bool {
            state.withLock { state in
                guard state.chunks[key] != nil else { return false }
                state.kept += 1
                return true
            }
        }

        func store(_ bytes: [UInt8], forKey key: [UInt8]) {
            state.withLock { $0.chunks[key] = bytes; $0.stored += 1 }
        }
    }

    /// 300 documents (three chunks of 128), varied enough to need stems, several sections and non-ASCII text.
    static func documents(editing edited: Int? = nil) -> [SearchDocument] {
        (0..<300).map { number in
            let word = number == edited ? "edited" : "word\(number % 17)"
            return SearchDocument(url: "deck/\(number).html", title: "Card \(number) \(word)s", path: ["Retina", "Topic \(number % 7)"], kind: .card,
                                  sections: [
                                      SearchSection(anchor: "s1", header: "Question \(number)?", text: "Answer with \(word) and Sjögren’s 網膜"),
                                      SearchSection(anchor: "s2", header: "More", text: "running runs \(number * 31)"),
                                  ])
        }
    }

    @Test func theBuilderKeepsEveryChunkAndReadsThemBackUnchanged() {
        let plain = SearchIndexBuilder().build(Self.documents())
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        #expect(builder.build(Self.documents()) == plain)
        #expect(store.stored == 3 && store.kept == 0)
        // The same documents again: nothing is tokenised.
        #expect(builder.build(Self.documents()) == plain)
        #expect(store.stored == 3 && store.kept == 3)
        // One edited document: only its chunk is tokenised, and the index is a fresh build's.
        let edited = Self.documents(editing: 200)
        #expect(builder.build(edited) == SearchIndexBuilder().build(edited))
        #expect(store.stored == 4 && store.kept == 5)
    }

    /// Documents whose sections are made on demand (cards, with their sections digest) give the same
    /// index, and a build whose chunks are all kept makes no section text at all for the index.
    @Test func deferredSectionsAreMadeOnlyForTheChunksTokenised() {
        let made = Mutex(0)
        func deferred(editing edited: Int? = nil) -> [SearchDocument] {
            Self.documents(editing: edited).enumerated().map { number, document in
                let sections = document.sections
                let digest = ContentHash.digest(Array(sections.map { $0.header + "\u{1}" + $0.text }.joined(separator: "\u{2}").utf8))
                return SearchDocument(url: document.url, title: document.title, path: document.path, kind: document.kind,
                                      sectionCount: sections.count, sectionsDigest: digest,
                                      sections: { made.withLock { $0 += 1 }; return sections })
            }
        }
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        let plain = SearchIndexBuilder().build(Self.documents())
        let first = builder.build(deferred())
        #expect(first.termShards == plain.termShards && first.manifest == plain.manifest)
        #expect(first.documentShards.map { $0.documents.map(\.sections) } == plain.documentShards.map { $0.documents.map(\.sections) })
        made.withLock { $0 = 0 }
        _ = builder.build(deferred())
        #expect(made.withLock { $0 } == 0, "a build with every chunk kept made section texts")
        _ = builder.build(deferred(editing: 200))
        #expect(made.withLock { $0 } == 128, "only the edited document's chunk is tokenised")
    }

    @Test func aStoreBehindTheMemoIsKeptToo() {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.memo = PostingMemo()
        builder.store = store
        _ = builder.build(Self.documents())
        #expect(store.stored == 3)
        // The memo answers, and the store is still told to keep its three chunks.
        store.chunks = [:]
        #expect(builder.build(Self.documents()) == SearchIndexBuilder().build(Self.documents()))
        #expect(store.stored == 6 && store.chunks.count == 3)
        #expect(builder.build(Self.documents()) == SearchIndexBuilder().build(Self.documents()))
        #expect(store.stored == 6 && store.kept == 3)
    }

    @Test func aChunkRoundTripsThroughItsBytes() throws {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        _ = builder.build(Self.documents())
        for bytes in store.chunks.values {
            let table = try #require(PostingChunkCoding.decode(bytes))
            #expect(table.count > 10)
            #expect(PostingChunkCoding.encode(table) == bytes)
        }
    }

    @Test func damagedBytesAreRefusedNotHalfUsed() throws {
        let table = ["drusen": PostingList(bytes: Array("BAC".utf8), lastDocument: 1), "網膜": PostingList(bytes: Array("AG".utf8), lastDocument: 0)]
        let bytes = PostingChunkCoding.encode(table)
        #expect(PostingChunkCoding.decode(bytes)?.mapValues(\.bytes) == table.mapValues(\.bytes))
        var damaged: [[UInt8]] = [Array(bytes.dropLast()), bytes + [0], [UInt8(ascii: "X")] + bytes.dropFirst(), []]
        // A posting byte outside the code's alphabet.
        var outside = bytes
        outside[try #require(outside.firstIndex(of: UInt8(ascii: "C")))] = UInt8(ascii: "!")
        damaged.append(outside)
        // A term that is not UTF-8.
        var notUTF8 = bytes
        notUTF8[try #require(notUTF8.firstIndex(of: 0xE7))] = 0xFF
        damaged.append(notUTF8)
        for (index, bytes) in damaged.enumerated() {
            #expect(PostingChunkCoding.decode(bytes) == nil, "damage \(index) was accepted")
        }
        // The same term twice.
        var twice = Array("LPC1".utf8) + [2]
        for _ in 0..<2 { twice += [1, UInt8(ascii: "a"), 1, UInt8(ascii: "A"), 0] }
        #expect(PostingChunkCoding.decode(twice) == nil)
        var once = Array("LPC1".utf8) + [1, 1, UInt8(ascii: "a"), 1, UInt8(ascii: "A"), 0]
        #expect(PostingChunkCoding.decode(once)?["a"]?.bytes == [UInt8(ascii: "A")])
        once[once.count - 3] = 0  // an empty posting list is never written
        #expect(PostingChunkCoding.decode(once) == nil)
    }

    @Test func theKeyHoldsEveryTextThePostingsAreMadeFrom() {
        let documents = Self.documents()
        let key = PostingChunkCoding.key(first: 0, documents: documents[0..<128])
        #expect(key != PostingChunkCoding.key(first: 128, documents: documents[0..<128]))
        var changed = documents
        changed[5].sections[1].header = "Mora"
        #expect(key != PostingChunkCoding.key(first: 0, documents: changed[0..<128]))
        changed = documents
        changed[5].path = ["Retina", "Topic 6"]
        #expect(key != PostingChunkCoding.key(first: 0, documents: changed[0..<128]))
        // The URL and kind are not searched, and the path is searched as one text: the same
        // postings, the same key.
        changed = documents
        changed[5].url = "elsewhere.html"
        changed[5].kind = .page
        changed[5].path = ["Retina", "Topic", "5"]
        #expect(key == PostingChunkCoding.key(first: 0, documents: changed[0..<128]))
    }

    /// A document's sections digest stands for its section texts in the key: another digest is
    /// another key, and the title is still read.
    @Test func aSectionsDigestStandsForTheSectionTexts() {
        var documents = Self.documents()
        documents[5].sectionsDigest = ContentHash.digest(Array("cells of card 5".utf8))
        let key = PostingChunkCoding.key(first: 0, documents: documents[0..<128])
        #expect(key != PostingChunkCoding.key(first: 0, documents: Self.documents()[0..<128]))
        var changed = documents
        changed[5].sectionsDigest = ContentHash.digest(Array("cells of card 5, edited".utf8))
        #expect(key != PostingChunkCoding.key(first: 0, documents: changed[0..<128]))
        changed = documents
        changed[5].title = "Another title"
        #expect(key != PostingChunkCoding.key(first: 0, documents: changed[0..<128]))
    }
}

/// The merged table a build keeps for the next (`MergedPostings`): an edit's build replaces the postings
/// of the chunks that changed in it, and must give exactly the index a build from nothing gives.
@Suite("Kept merged postings")
struct MergedPostingsTests {
    /// A store in memory that also keeps the merged table, and remembers the chunks of the build before.
    final class Store: PostingChunkStore {
        private struct State {
            var chunks: [[UInt8]: [UInt8]] = [:]
            var merged: [[UInt8]]?
            var mergedReads = 0
            var tokenised = 0
            var previousChunkReads = 0
            var namedKeeps: [Bool] = []
        }
        private let state = Mutex(State())
        var mergedReads: Int { state.withLock { $0.mergedReads } }
        var tokenised: Int { state.withLock { $0.tokenised } }
        var previousChunkReads: Int { state.withLock { $0.previousChunkReads } }
        /// Forgets the chunks the builder would need to replace a changed one's postings.
        func dropChunks() { state.withLock { $0.chunks = [:] } }

        func chunk(forKey key: [UInt8]) -> [UInt8]? { state.withLock { $0.chunks[key] } }
        func keepChunk(forKey key: [UInt8]) -> Bool { state.withLock { $0.chunks[key] != nil } }
        /// The names the builder gave with the chunks it kept, and whether each was its key's SHA-256.
        var namedKeeps: [Bool] { state.withLock { $0.namedKeeps } }
        func keepChunk(forKey key: [UInt8], named name: ContentDigest) -> Bool {
            state.withLock { state in
                state.namedKeeps.append(ContentHash.digest(key) == name)
                return state.chunks[key] != nil
            }
        }
        func store(_ bytes: [UInt8], forKey key: [UInt8]) {
            state.withLock { $0.chunks[key] = bytes; $0.tokenised += 1 }
        }
        func previousChunk(named name: ContentDigest) -> [UInt8]? {
            state.withLock { state in
                state.previousChunkReads += 1
                return state.chunks.first { ContentHash.digest($0.key) == name }?.value
            }
        }
        func previousMerged() -> KeptMergedPostings? {
            state.withLock { state in
                guard let bytes = state.merged else { return nil }
                state.mergedReads += 1
                return KeptMergedPostings(parts: bytes)
            }
        }
        func storeMerged(_ parts: MergedPostingParts) {
            let bytes = parts.all
            state.withLock { $0.merged = bytes }
        }
    }

    /// 700 documents (six chunks) whose words come from `words`, so an edit can add, keep or drop a term
    /// everywhere, and move postings between sections.
    static func documents(_ words: [Int: [String]]) -> [SearchDocument] {
        (0..<700).map { number in
            let own = words[number] ?? ["word\(number % 23)", "shared"]
            return SearchDocument(url: "deck/\(number).html", title: "Card \(number) \(own.first ?? "")", path: ["Retina", "Topic \(number % 5)"],
                                  kind: .card, sections: [
                                      SearchSection(anchor: "s1", header: "Question \(number % 11)", text: own.joined(separator: " ")),
                                      SearchSection(anchor: "s2", header: own.last ?? "", text: "seen \(number % 3) times"),
                                  ])
        }
    }

    /// An edit's build keeps the chunks that stayed by the names it already took of their keys, through
    /// the store it holds as `any PostingChunkStore` (a store's own `keepChunk(forKey:named:)`, not the
    /// default that hashes the key again).
    @Test func anEditKeepsTheChunksThatStayedByTheirKeysNames() {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        var words: [Int: [String]] = [:]
        _ = builder.build(Self.documents(words))
        words[300] = ["edited"]
        _ = builder.build(Self.documents(words))
        // Six chunks, one changed: five kept by name, each name its key's SHA-256.
        #expect(store.namedKeeps == [true, true, true, true, true])
    }

    @Test func randomEditsGiveTheIndexOfABuildFromNothing() throws {
        var generator = SeededRandom(seed: 18)
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        builder.mergedPartBytes = 256  // the kept table in many parts
        var words: [Int: [String]] = [:]
        #expect(builder.build(Self.documents(words)) == SearchIndexBuilder().build(Self.documents(words)))
        let vocabulary = ["shared", "fresh", "word3", "word0", "edited", "網膜", "drusen", "a", "zonule", "cataracts"]
        for round in 0..<40 {
            // One to three documents, often in one chunk, sometimes the first or the last one.
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let document = [0, 699, 127, 128, Int.random(in: 0..<700, using: &generator)].randomElement(using: &generator)!
                words[document] = (0..<Int.random(in: 0...4, using: &generator)).map { _ in vocabulary.randomElement(using: &generator)! }
            }
            let before = (reads: store.mergedReads, tokenised: store.tokenised)
            let built = builder.build(Self.documents(words))
            #expect(built == SearchIndexBuilder().build(Self.documents(words)), "round \(round)")
            #expect(store.mergedReads == before.reads + 1, "round \(round): the kept table was not used")
            #expect(store.tokenised - before.tokenised <= 3, "round \(round): more chunks than the edit touched were tokenised")
        }
    }

    @Test func aTermEveryDocumentLosesIsDroppedAndANewOneIsInsertedInOrder() {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        let terms = { (index: SearchIndexBundle) in index.termShards.flatMap(\.terms) }
        let first = builder.build(Self.documents([3: ["lonely"]]))
        #expect(terms(first).contains("lonely"))
        // "lonely" leaves its only document; "aaa" and "zzz" are new terms.
        let edited = Self.documents([3: ["aaa", "zzz"]])
        let built = builder.build(edited)
        #expect(built == SearchIndexBuilder().build(edited))
        #expect(store.mergedReads == 1)
        #expect(!terms(built).contains("lonely"))
        #expect(terms(built).contains("aaa") && terms(built).contains("zzz"))
    }

    @Test func withoutTheChangedChunksEarlierTableEveryChunkIsMerged() {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        _ = builder.build(Self.documents([:]))
        store.dropChunks()
        let edited = Self.documents([200: ["edited"]])
        #expect(builder.build(edited) == SearchIndexBuilder().build(edited))
        #expect(store.tokenised == 6 + 6, "every chunk is tokenised again when their tables are gone")
    }

    @Test func anotherDocumentCountMergesEveryChunk() {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        _ = builder.build(Self.documents([:]))
        let fewer = Array(Self.documents([:]).dropLast())
        let reads = store.previousChunkReads
        #expect(builder.build(fewer) == SearchIndexBuilder().build(fewer))
        #expect(store.previousChunkReads == reads, "no chunk table is taken out of a table for other documents")
    }

    @Test func theTableRoundTripsThroughItsBytesAndRefusesDamage() throws {
        let store = Store()
        var builder = SearchIndexBuilder()
        builder.store = store
        _ = builder.build(Self.documents([:]))
        let kept = try #require(store.previousMerged()?.table)
        #expect(kept.terms.count > 30 && kept.chunkNames.count == 6 && kept.documentCount == 700)
        #expect(MergedPostings(decoding: kept.encodedParts()) == kept)
        let parts = kept.encodedParts(partBytes: 200)
        #expect(parts.count > 5)
        #expect(MergedPostings(decoding: parts) == kept)
        var damagedParts = [Array(parts.dropLast()), parts + [parts[1]], [parts[0]] + parts.dropFirst(2), [parts[0], parts[2], parts[1]] + parts.dropFirst(3)]
        for index in parts.indices {
            damagedParts += [parts.replacing(index, with: Array(parts[index].dropLast())), parts.replacing(index, with: parts[index] + [0]),
                             parts.replacing(index, with: Array(parts[index].prefix(parts[index].count / 2))),
                             parts.replacing(index, with: [UInt8(ascii: "X")] + parts[index].dropFirst())]
        }
        for damaged in damagedParts {
            #expect(MergedPostings(decoding: damaged) == nil)
        }
        // Terms out of order are refused: the table is searched by halving.
        func table(_ parts: [[String]]) -> [[UInt8]] {
            var header = ChunkWriter(magic: Array("LPM2".utf8))
            for number in [1, 128, 0, parts.joined().count, parts.count] { header.number(number) }
            return [header.bytes] + parts.map { terms in
                var writer = ChunkWriter(magic: Array("LPP1".utf8))
                writer.number(terms.count)
                for term in terms {
                    writer.text(term)
                    writer.number(1)
                    writer.raw(Array("A".utf8))
                    writer.number(0)
                }
                return writer.bytes
            }
        }
        #expect(MergedPostings(decoding: table([["a", "b"]]))?.terms == ["a", "b"])
        #expect(MergedPostings(decoding: table([["a"], ["b", "c"]]))?.terms == ["a", "b", "c"])
        #expect(MergedPostings(decoding: table([["b", "a"]])) == nil)
        #expect(MergedPostings(decoding: table([["a", "a"]])) == nil)
        #expect(MergedPostings(decoding: table([["b"], ["a"]])) == nil)
        #expect(MergedPostings(decoding: table([["a"], ["a"]])) == nil)
    }

    /// The parts a build keeps, cut between term shards, hold the table its shards were cut from.
    @Test func thePartsOfTheTermShardsHoldTheMergedTable() throws {
        for partBytes in [1, 300, 5_000, 1 << 22] {
            let store = Store()
            var builder = SearchIndexBuilder(documentsPerShard: 8, termShardBytes: 256)
            builder.store = store
            builder.mergedPartBytes = partBytes
            let bundle = builder.build(Self.documents([:]))
            let kept = try #require(store.previousMerged()?.table)
            #expect(kept.terms == bundle.termShards.flatMap(\.terms), "\(partBytes)")
            #expect(kept.lists.map(\.text) == bundle.termShards.flatMap(\.postings), "\(partBytes)")
            #expect(kept.documentCount == 700 && kept.chunkNames.count == 6)
        }
    }

    /// A list of `(document, codes)` postings.
    private static func list(_ postings: [(Int, [Int])]) -> PostingList {
        var list = PostingList()
        for (document, codes) in postings { list.append(document: document, codes: codes) }
        return list
    }

    @Test func replacingADocumentRangeKeepsTheRestOfAList() {
        let list = Self.list([(1, [4, 5]), (130, [0]), (260, [8]), (300, [1])])
        let replacement = Self.list([(140, [2, 3]), (200, [7])])
        #expect(list.replacing(128..<256, with: replacement) == Self.list([(1, [4, 5]), (140, [2, 3]), (200, [7]), (260, [8]), (300, [1])]))
        #expect(list.replacing(128..<256, with: nil) == Self.list([(1, [4, 5]), (260, [8]), (300, [1])]))
        // The first and last runs, and a list left empty.
        #expect(list.replacing(0..<128, with: nil) == Self.list([(130, [0]), (260, [8]), (300, [1])]))
        #expect(list.replacing(300..<301, with: nil) == Self.list([(1, [4, 5]), (130, [0]), (260, [8])]))
        #expect(list.replacing(0..<400, with: nil) == PostingList())
        let late = Self.list([(500, [3])])
        var appended = list
        appended.append(late)
        #expect(list.replacing(400..<600, with: late) == appended)
        #expect(list.replacing(400..<600, with: late) == Self.list([(1, [4, 5]), (130, [0]), (260, [8]), (300, [1]), (500, [3])]))
    }
}

extension Array {
    /// The array with element `index` replaced by `element`.
    fileprivate func replacing(_ index: Int, with element: Element) -> [Element] {
        var copy = self
        copy[index] = element
        return copy
    }
}
