import Deck
import Foundation

/// What a card page is made from: its position in a topic whose values every card page of the topic
/// shares.
final class CardPagePlan: Sendable {
    /// The values shared by the card pages of one topic.
    final class Topic: Sendable {
        let category: DeckCategory, topic: DeckTopic, study: StudyContent
        let images: [String: PublishedImage], cardDigests: [String: String]
        let renderer: PageRenderer, handoff: CardSectionHTML.Handoff, sectionKeys: Bool

        init(category: DeckCategory, topic: DeckTopic, study: StudyContent, images: [String: PublishedImage],
             cardDigests: [String: String], renderer: PageRenderer, handoff: CardSectionHTML.Handoff, sectionKeys: Bool) {
            self.category = category
            self.topic = topic
            self.study = study
            self.images = images
            self.cardDigests = cardDigests
            self.renderer = renderer
            self.handoff = handoff
            self.sectionKeys = sectionKeys
        }
    }

    let topic: Topic, position: Int

    init(topic: Topic, position: Int) {
        self.topic = topic
        self.position = position
    }

    /// The page's digest, from the deck model.
    func digest() -> String? {
        let card = topic.topic.cards[position]
        return CardDigest.page(card, in: topic.category, topic.topic, position: position, note: topic.study.noteContext(for: card.id),
                               contents: topic.cardDigests, site: topic.renderer.siteDigest)
    }

    /// The page's context, with the sections its study part rendered (or rendered now).
    func context() throws -> [String: Any] {
        let card = topic.topic.cards[position]
        let sectionHTML = try topic.handoff.take(card.id) ?? CardSectionHTML.render(card, renderer: topic.renderer)
        return DeckPages.card(card, in: topic.category, topic.topic, position: position, sectionHTML: sectionHTML,
                              sectionKeys: topic.sectionKeys, note: topic.study.noteContext(for: card.id), images: topic.images)
    }
}
