import Diagnostics

/// Groups card rows into categories and topics and gives every card a unique, stable id.
struct DeckAssembler {
    private var categories: [DeckCategory] = []
    private var categoryIndex: [String: Int] = [:]
    /// Each category's place by the name a row gives: one lookup when rows of several categories
    /// alternate (slugging the name, then finding the slug, were two).
    private var categoriesByName: [String: Int] = [:]
    private var topicIndex: [String: Int] = [:]
    /// Each category's topics by the name a row gives (a slug can be shared by two spellings): their
    /// place and key, found with one lookup of the name when rows of several topics alternate.
    private var topicsByName: [[String: (position: Int, key: String)]] = []
    private var idOwners: [String: SourceLine] = [:]
    /// Category and topic names repeat on every row: each is slugged once.
    private var slugs: [String: String] = [:]
    /// The last row's category and topic: an export lists a topic's cards together, so most rows find
    /// theirs here without slugging, joining or hashing the names again.
    private var lastCategory: (name: String, position: Int)?
    private var lastTopic: (category: Int, name: String, position: Int, key: String)?

    /// Makes room for `count` more cards' ids.
    mutating func reserve(_ count: Int) { idOwners.reserveCapacity(idOwners.count + count) }

    var deck: Deck { Deck(categories: categories) }

    /// Adds `rows` in order. Their card slugs are made on every core first: slugging 10,000 titles was a
    /// third of assembling a deck, which otherwise runs on one core.
    mutating func add(_ rows: [CardRow], log: inout DiagnosticLog) {
        reserve(rows.count)
        let cardSlugs = rows.concurrentMap(part: 1024, Self.cardSlug(of:))
        for (row, slug) in zip(rows, cardSlugs) { add(row, cardSlug: slug, log: &log) }
    }

    /// The slug of the card `row` makes: of its title, the Subtopic, else the topic it is filed under.
    private static func cardSlug(of row: CardRow) -> String {
        let slug = Slug.make(row.subtopic ?? row.topic ?? row.category)
        return slug == "index" ? "index-card" : slug  // "index" is the topic page's file name
    }

    private mutating func add(_ row: CardRow, cardSlug: String, log: inout DiagnosticLog) {
        let categoryPosition: Int
        if let last = lastCategory, last.name == row.category {
            categoryPosition = last.position
        } else if let known = categoriesByName[row.category] {
            categoryPosition = known
            lastCategory = (row.category, known)
        } else {
            let categorySlug = slug(row.category)
            if let existing = categoryIndex[categorySlug] {
                categoryPosition = existing
            } else {
                categoryPosition = categories.count
                categoryIndex[categorySlug] = categoryPosition
                categories.append(DeckCategory(title: row.category, slug: categorySlug))
                topicsByName.append([:])
            }
            categoriesByName[row.category] = categoryPosition
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
        let topicPosition: Int, topicKey: String
        if let last = lastTopic, last.category == categoryPosition, last.name == topic {
            (topicPosition, topicKey) = (last.position, last.key)
        } else if let known = topicsByName[categoryPosition][topic] {
            (topicPosition, topicKey) = known
            lastTopic = (categoryPosition, topic, topicPosition, topicKey)
        } else {
            let topicSlug = slug(topic)
            topicKey = categories[categoryPosition].slug + "/" + topicSlug
            if let existing = topicIndex[topicKey] {
                topicPosition = existing
            } else {
                topicPosition = categories[categoryPosition].topics.count
                topicIndex[topicKey] = topicPosition
                categories[categoryPosition].topics.append(DeckTopic(title: topic, slug: topicSlug))
            }
            topicsByName[categoryPosition][topic] = (topicPosition, topicKey)
            lastTopic = (categoryPosition, topic, topicPosition, topicKey)
        }
        let baseID = String(concatenating: topicKey, "/", cardSlug)
        var id = baseID
        // One lookup for the usual id not taken yet; a taken one gets its first owner back.
        if let first = idOwners.updateValue(row.source, forKey: baseID) {
            idOwners[baseID] = first
            var suffix = 2
            repeat { id = baseID + "-\(suffix)"; suffix += 1 } while idOwners[id] != nil
            idOwners[id] = row.source
            log.warning("card id '\(baseID)' is already used by \(first.path):\(first.line); this card gets id '\(id)' (rename the Subtopic to make it distinct)", at: at)
        }
        var card = Card(id: id, title: title, category: categories[categoryPosition].title,
                        topic: categories[categoryPosition].topics[topicPosition].title,
                        slide: row.slide, images: row.images, stored: row.sections, source: row.source)
        card.sectionsDigest = row.sectionsDigest
        categories[categoryPosition].topics[topicPosition].cards.append(card)
    }

    private mutating func slug(_ name: String) -> String {
        if let known = slugs[name] { return known }
        let made = Slug.make(name)
        slugs[name] = made
        return made
    }
}
