import Diagnostics

/// Groups card rows into categories and topics and gives every card a unique, stable id.
struct DeckAssembler {
    private var categories: [DeckCategory] = []
    private var categoryIndex: [String: Int] = [:]
    private var topicIndex: [String: Int] = [:]
    private var idOwners: [String: SourceLine] = [:]
    /// The last row's category and topic: an export lists a topic's cards together, so most rows find
    /// theirs here without hashing the names again.
    private var lastCategory: (name: String, position: Int)?
    private var lastTopic: (category: Int, name: String, position: Int)?

    /// Makes room for `count` more cards' ids.
    mutating func reserve(_ count: Int) { idOwners.reserveCapacity(idOwners.count + count) }

    var deck: Deck { Deck(categories: categories) }

    /// Adds `rows` in order. Their slugs and the ids they ask for are made on every core first (slugging
    /// 10,000 titles was a third of assembling a deck, which otherwise runs on one core); then the rows
    /// are filed in order, which only looks the names up.
    mutating func add(_ rows: [CardRow], log: inout DiagnosticLog) {
        reserve(rows.count)
        let parts = stride(from: 0, to: rows.count, by: 512).map { $0..<Swift.min(rows.count, $0 + 512) }
        let names = parts.concurrentMap(part: 1) { range in
            // Category and topic names repeat from row to row: each part slugs each one once.
            var slugs: [String: String] = [:]
            func slug(_ name: String) -> String {
                if let known = slugs[name] { return known }
                let made = Slug.make(name)
                slugs[name] = made
                return made
            }
            return range.map { index in RowNames(of: rows[index], slug: slug) }
        }
        var part = 0
        for (index, row) in rows.enumerated() {
            if index == parts[part].upperBound { part += 1 }
            add(row, names: names[part][index - parts[part].lowerBound], log: &log)
        }
    }

    /// What a row's place in the deck is made of, all functions of its names: its category's and its
    /// topic's slugs, its topic's key (`category/topic`) and the id it asks for (its topic's key and its
    /// own slug).
    private struct RowNames: Sendable {
        var categorySlug: String
        var topicSlug: String
        var topicKey: String
        var baseID: String

        init(of row: CardRow, slug: (String) -> String) {
            categorySlug = slug(row.category)
            topicSlug = slug(row.topic ?? row.category)  // a card without a Topic is filed under its category
            topicKey = categorySlug + "/" + topicSlug
            // The slug of the card: of its title, the Subtopic, else the topic it is filed under.
            var cardSlug = Slug.make(row.subtopic ?? row.topic ?? row.category)
            if cardSlug == "index" { cardSlug = "index-card" }  // "index" is the topic page's file name
            baseID = topicKey + "/" + cardSlug
        }
    }

    private mutating func add(_ row: CardRow, names: RowNames, log: inout DiagnosticLog) {
        let categoryPosition: Int
        if let last = lastCategory, last.name == row.category {
            categoryPosition = last.position
        } else {
            if let existing = categoryIndex[names.categorySlug] {
                categoryPosition = existing
            } else {
                categoryPosition = categories.count
                categoryIndex[names.categorySlug] = categoryPosition
                categories.append(DeckCategory(title: row.category, slug: names.categorySlug))
            }
            lastCategory = (row.category, categoryPosition)
        }
        guard row.topic != nil || row.subtopic != nil else { return }
        let at = SourceLocation(path: row.source.path, line: row.source.line, column: 1)
        var topic = row.topic ?? ""
        var title = row.subtopic ?? ""
        if row.topic == nil {
            log.warning("card '\(title)' has no Topic; it is filed under a topic named after its category", at: at)
            topic = row.category
        }
        if row.subtopic == nil {
            log.warning("card has no Subtopic; it is titled by its topic '\(topic)'", at: at)
            title = topic
        }
        let topicPosition: Int
        if let last = lastTopic, last.category == categoryPosition, last.name == topic {
            topicPosition = last.position
        } else {
            if let existing = topicIndex[names.topicKey] {
                topicPosition = existing
            } else {
                topicPosition = categories[categoryPosition].topics.count
                topicIndex[names.topicKey] = topicPosition
                categories[categoryPosition].topics.append(DeckTopic(title: topic, slug: names.topicSlug))
            }
            lastTopic = (categoryPosition, topic, topicPosition)
        }
        let baseID = names.baseID
        var id = baseID
        var suffix = 2
        while idOwners[id] != nil { id = baseID + "-\(suffix)"; suffix += 1 }
        if id != baseID, let first = idOwners[baseID] {
            log.warning("card id '\(baseID)' is already used by \(first.path):\(first.line); this card gets id '\(id)' (rename the Subtopic to make it distinct)", at: at)
        }
        idOwners[id] = row.source
        var card = Card(id: id, title: title, category: categories[categoryPosition].title,
                        topic: categories[categoryPosition].topics[topicPosition].title,
                        slide: row.slide, images: row.images, stored: row.sections, source: row.source)
        card.sectionsDigest = row.sectionsDigest
        categories[categoryPosition].topics[topicPosition].cards.append(card)
    }
}
