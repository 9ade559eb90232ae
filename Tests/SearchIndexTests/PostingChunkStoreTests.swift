import Diagnostics
import Foundation
import Synchronization
import Testing
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
