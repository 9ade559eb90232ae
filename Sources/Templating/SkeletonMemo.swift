import Synchronization

/// The skeletons of one template library, shared by every thread rendering with it.
///
/// A skeleton is made the second time a (template, shape) is seen: a shape seen once (a topic page
/// with its own number of cards) costs one direct rendering and no skeleton. The built-in card page
/// has 3 shapes on 10,000 generated cards and 26 on the real 119-card deck, so nearly every page
/// is a skeleton filled in, without swift-mustache's lookups and dynamic casts for each tag.
/// At most ``capacity`` shapes are remembered, so memory stays bounded whatever the content.
final class SkeletonMemo: Sendable {
    enum Entry: Sendable {
        /// Seen once: rendered directly.
        case seen
        case skeleton(RenderSkeleton)
        /// The skeleton could not be made: rendered directly.
        case unusable
    }

    static let capacity = 1024
    private let entries = Mutex<[ContextShape: Entry]>([:])

    /// The skeleton for `shape`, made by `make` when the shape is seen the second time; `nil` when
    /// the context is to be rendered directly.
    func skeleton(for shape: ContextShape, make: () -> RenderSkeleton?) -> RenderSkeleton? {
        let known = entries.withLock { entries -> Entry? in
            let known = entries[shape]
            if known == nil, entries.count < Self.capacity { entries[shape] = .seen }
            return known
        }
        switch known {
        case .skeleton(let skeleton): return skeleton
        case .unusable, nil: return nil
        case .seen:
            let made = make()
            entries.withLock { $0[shape] = made.map(Entry.skeleton) ?? .unusable }
            return made
        }
    }
}
