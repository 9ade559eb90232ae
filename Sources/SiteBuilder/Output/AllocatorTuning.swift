#if canImport(CMalloc)
import CMalloc
#endif

/// How the C allocator hands out and gives back memory, set at the start of each build.
enum AllocatorTuning {
    /// Free memory at the top of a heap is returned above 128 KiB, and blocks from `mapped` up get
    /// their own mapping, returned to the system when freed. By default glibc raises both limits as a
    /// build frees its large buffers (the deck's text, rendered pages), and the freed memory then stays
    /// with the process: a cold 100,000-card build peaked at 809 MB with the defaults and 710 MB with
    /// 128 KiB for both, 10,000 cards at 133 and 120 MB, in the same time (medians of five interleaved runs).
    static func configure(mapped: Int) {
        #if canImport(CMalloc)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(mapped))
        _ = mallopt(M_TRIM_THRESHOLD, 128 * 1024)
        #endif
    }

    /// A cold build maps every block of 128 KiB or more. A ``RecordedBuild/isSmallSiteUpdate`` takes
    /// blocks under 4 MiB from the heap instead: every new mapping is faulted in and zeroed page by page,
    /// and an edit at 10,000 cards allocates tens of megabytes of such blocks (kept chunks, records,
    /// arrays of every card). There, 15 interleaved one-card edits took 295 → 280 ms and 449 → 426 ms
    /// of CPU; a cold build's peak is not raised (at 100,000 cards a 4 MiB limit took it from 488 to 503 MB).
    static func configure(smallSiteUpdate: Bool) {
        configure(mapped: smallSiteUpdate ? 4 << 20 : 128 * 1024)
    }
}
