import Diagnostics
import Foundation
import Testing

@Suite("Content hashes")
struct ContentHashTests {
    /// FIPS 180-2's vectors: image renditions and kept search chunks are named by these digests.
    @Test func sha256MatchesTheStandardVectors() {
        #expect(ContentHash.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
