import Foundation
@testable import SearchIndex

/// Small documents shaped like deck cards.
enum IndexFixtures {
    static let cards: [SearchDocument] = [
        SearchDocument(url: "deck/glaucoma/drugs/carbonic-anhydrase-inhibitors.html", title: "Carbonic Anhydrase Inhibitors",
                       path: ["Glaucoma", "Drugs"], kind: .card, sections: [
                           SearchSection(anchor: "s1", header: "Mechanism?", text: "Decrease aqueous production\nAcetazolamide, dorzolamide"),
                           SearchSection(anchor: "s2", header: "Side effects?", text: "Paresthesias\nKidney stones\nMetallic taste"),
                       ]),
        SearchDocument(url: "deck/retina/amd/drusen.html", title: "Drusen", path: ["Retina", "AMD"], kind: .card, sections: [
            SearchSection(anchor: "s1", header: "What are drusen?", text: "Deposits under the RPE"),
            SearchSection(anchor: "s2", header: "Treatment", text: "AREDS vitamins; anti-VEGF if wet"),
        ]),
        SearchDocument(url: "about.html", title: "About", path: [], kind: .about, sections: [
            SearchSection(anchor: "", header: "", text: "A review deck. Ο οφθαλμός. 網膜. 👁️"),
        ]),
    ]

    /// Decoded postings of `term`: (document, section, field).
    static func postings(of term: String, in bundle: SearchIndexBundle) -> [(Int, Int, Int)]? {
        for shard in bundle.termShards {
            guard let index = shard.terms.firstIndex(of: term), let values = PostingCode.decode(shard.postings[index]) else { continue }
            var result: [(Int, Int, Int)] = []
            var document = 0
            for pair in stride(from: 0, to: values.count - 1, by: 2) {
                document += values[pair]
                result.append((document, values[pair + 1] >> 2, values[pair + 1] & 3))
            }
            return result
        }
        return nil
    }

    static func file(_ path: String, in files: [SearchIndexFile]) -> Data? {
        files.first { $0.path == path }?.contents
    }
}
