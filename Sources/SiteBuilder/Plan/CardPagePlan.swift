import Deck
import Foundation
import MarkdownHTML

/// What a card page is made from: its position in a topic whose values every card page of the topic
/// shares.
final class CardPagePlan: Sendable {
    /// The values shared by the card pages of one topic.
    final class Topic: Sendable {
        let category: DeckCategory, topic: DeckTopic, study: StudyContent
        let images: [String: PublishedImage], cardDigests: CardDigest.Contents.Topic
        let renderer: PageRenderer, handoff: CardSectionHTML.Handoff, sectionKeys: Bool
        /// The start of each card page's digest (``CardDigest/pagePrefix(in:_:site:)``).
        let digestPrefix: FNV1a

        init(category: DeckCategory, topic: DeckTopic, study: StudyContent, images: [String: PublishedImage],
             cardDigests: CardDigest.Contents.Topic, renderer: PageRenderer, handoff: CardSectionHTML.Handoff, sectionKeys: Bool) {
            self.category = category
            self.topic = topic
            self.study = study
            self.images = images
            self.cardDigests = cardDigests
            self.renderer = renderer
            self.handoff = handoff
            self.sectionKeys = sectionKeys
            digestPrefix = CardDigest.pagePrefix(in: category, topic, site: renderer.siteDigest)
        }
    }

    let topic: Topic, position: Int

    init(topic: Topic, position: Int) {
        self.topic = topic
        self.position = position
    }

    /// The page's digest, from the deck model.
    func digest() -> RecordedHex? {
        let card = topic.topic.cards[position]
        return CardDigest.page(card, in: topic.topic, prefix: topic.digestPrefix, position: position,
                               note: topic.study.noteContext(for: card.id), contents: topic.cardDigests)
    }

    /// The page's context as entries and as its dictionary (made when asked for), from the sections
    /// its study part rendered (or rendered now); no entries for a `card.md` that still reads the
    /// `card-section` keys. libcmark need not read the sections' HTML a second time: the context holds
    /// a marker line for each, and they are spliced in (`card.md` sets each apart with blank lines).
    func shapedContext() throws -> PlannedFile.ShapedContext {
        let card = topic.topic.cards[position], topic = self.topic, position = self.position
        let sectionHTML = try topic.handoff.take(card.id) ?? CardSectionHTML.render(card, renderer: topic.renderer)
        let note = topic.study.noteContext(for: card.id)
        func shaped(_ sectionHTML: [String]) -> PlannedFile.ShapedContext {
            let context = {
                DeckPages.card(card, in: topic.category, topic.topic, position: position, sectionHTML: sectionHTML,
                               sectionKeys: topic.sectionKeys, note: note, images: topic.images)
            }
            guard !topic.sectionKeys else { return PlannedFile.ShapedContext(entries: nil, context: context) }
            return PlannedFile.ShapedContext(entries: DeckPages.cardEntries(card, in: topic.category, topic.topic, position: position,
                                                                            sectionHTML: sectionHTML, note: note, images: topic.images),
                                             context: context)
        }
        guard !topic.sectionKeys, !sectionHTML.isEmpty else { return shaped(sectionHTML) }
        var marked = shaped(sectionHTML.indices.map(MarkdownRenderer.blockMarker))
        marked.splicedBlocks = sectionHTML.map(CardSectionHTML.embeddable)
        marked.unspliced = { shaped(sectionHTML) }
        return marked
    }
}
