#if canImport(CMalloc)
import CMalloc
#endif
import Deck
import Foundation

/// How the C allocator hands out and gives back memory, set at the start of each build.
enum AllocatorTuning {
    /// Blocks from `mapped` up get their own mapping, returned to the system when freed, and free memory
    /// at the top of a heap is returned above `trimmed`. By default glibc raises both limits as a build
    /// frees its large buffers (the deck's text, rendered pages), and the freed memory then stays with
    /// the process: a cold 100,000-card build peaked at 809 MB with the defaults and 710 MB with 128 KiB
    /// for both, 10,000 cards at 133 and 120 MB, in the same time (medians of five interleaved runs).
    static func configure(mapped: Int, trimmed: Int) {
        #if canImport(CMalloc)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(mapped))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(trimmed))
        #endif
    }

    /// A large build maps every block of 128 KiB or more and gives back what it frees at once. A small
    /// one (an update of a ``RecordedBuild/isSmallSiteUpdate`` site, or a build of a deck under
    /// ``smallDeckBytes``) takes blocks under 4 MiB from the heap and keeps up to 64 MiB freed at its
    /// top: every page given back and taken again is faulted in and zeroed anew, and where a page fault
    /// costs microseconds a cold 10,000-card build faulted 53,500 pages for a 96 MB peak. Kept, 33,600:
    /// 2.08 → 1.94 s and 3.88 → 3.62 s of CPU (medians of seven interleaved cold builds on /dev/shm), the
    /// same 96.5 MB peak. An edit of 10,000 cards: 295 → 280 ms and 449 → 426 ms of CPU (the 4 MiB
    /// limit). At 100,000 cards a 4 MiB limit alone took a cold build's peak from 488 to 503 MB.
    static func configure(small: Bool) {
        if small { configure(mapped: 4 << 20, trimmed: 64 << 20) } else { configure(mapped: 128 << 10, trimmed: 128 << 10) }
    }

    /// The size of deck below which a build counts as small: about 18,000 cards of the benchmark's
    /// (3.5 KB of UTF-16 each), some 50,000 real ones.
    static let smallDeckBytes = 64 << 20

    /// Whether the deck's exports (the files ``DeckReader`` reads) hold fewer than ``smallDeckBytes`` in
    /// all; a deck that cannot be listed counts as small (its build fails).
    static func isSmallDeck(_ deck: DeckReader) -> Bool {
        var total = 0
        for file in deck.deckFiles() {
            var info = stat()
            if stat(file.path, &info) == 0 { total += Int(info.st_size) }
        }
        return total < smallDeckBytes
    }
}
