import Diagnostics
import Foundation
import MarkupText
import Synchronization

/// The manifest an earlier build left in the site, as read by the next build: its first line decoded,
/// its file lines kept as bytes.
///
/// A build that finds nothing changed only needs each file's path and size (``isIntact(at:)``, read
/// straight off the bytes); only a build that goes on decodes the lines into ``files()``. Decoding
/// 13,000 lines into a dictionary and freeing it was a fifth of a build with nothing changed.
struct RecordedBuild {
    var fingerprint: String
    var engine: String
    var pageCount: Int
    var diagnostics: [Diagnostic]
    var inputHashes: [String: String]
    /// The stamps of the folders holding the listed files, as a build with nothing changed found them
    /// (``FolderStamps``); `nil` when none were recorded.
    var folders: FolderStamps?
    /// The whole manifest, mapped (``FileBytes``); the file lines start at `linesStart`.
    private let file: FileBytes
    private let linesStart: Int

    /// The manifest of the site at `output`, if there is one of this format.
    init?(at output: URL) {
        // Mapped: read into an array, its fresh pages were a tenth of a build with nothing changed.
        guard let file = FileBytes(mapping: output.appendingPathComponent(BuildFingerprint.manifestPath).path) else { return nil }
        self.init(file: file)
    }

    /// A manifest from its bytes; `nil` when its first line is damaged or of another format.
    init?(_ data: Data) { self.init(file: FileBytes([UInt8](data))) }

    /// A manifest from its bytes; `nil` when its first line is damaged or of another format.
    init?(bytes: [UInt8]) { self.init(file: FileBytes(bytes)) }

    private init?(file: FileBytes) {
        guard let headerEnd = file.withBytes({ $0.firstIndex(of: UInt8(ascii: "\n")) }),
              let header = try? JSONDecoder().decode(BuildFingerprint.Header.self,
                                                     from: file.withBytes { Data(UnsafeBufferPointer(rebasing: $0[..<headerEnd])) }),
              header.format == BuildFingerprint.format else { return nil }
        fingerprint = header.fingerprint
        engine = header.engine
        pageCount = header.pageCount
        diagnostics = header.diagnostics
        inputHashes = header.inputHashes
        folders = header.folders.map(FolderStamps.init(stamps:))
        self.file = file
        linesStart = headerEnd + 1
    }

    /// About how many files the manifest lists (a line is about 70 bytes).
    var estimatedFileCount: Int { (file.count - linesStart) / 64 }
    /// Whether this records a site small enough (a manifest under 8 MB, about 40,000 cards) that updating
    /// it may trade memory for time: its blocks come from the heap (``AllocatorTuning``) and its model is
    /// left for the process's exit (``BuildOptions/processExitsAfterBuild``). At 100,000 cards either
    /// raised a cold build's peak above 500 MB.
    var isSmallSiteUpdate: Bool { file.count < 8 << 20 }

    /// Every file of the site by site-relative path; `nil` when a line is damaged.
    func files() -> [String: WrittenFile]? { previousFiles()?.files }

    /// Every file of the site by site-relative path, each with its place in the sorted paths: in the
    /// manifest's order, which this executable writes sorted (checked as it is read, and sorted here
    /// when it is not); `nil` when a line is damaged.
    func previousFiles() -> PreviousFiles? {
        var order: [String] = [], records: [WrittenFile] = []
        order.reserveCapacity(estimatedFileCount)
        records.reserveCapacity(estimatedFileCount)
        var isSorted = true
        // The lines are parsed on every core (the build waits for them), then taken in order; the paths'
        // places are filed on another thread (``PreviousFiles``).
        let lines = fileLines()
        let parsed = file.withBytes { bytes in
            nonisolated(unsafe) let bytes = bytes
            return lines.concurrentMap(part: 2048) { BuildFingerprint.parseFileLine(UnsafeBufferPointer(rebasing: bytes[$0])) }
        }
        for line in parsed {
            guard let (path, file) = line else { return nil }
            // Strictly ascending paths, as this executable writes them, are also distinct.
            if isSorted, let last = order.last, !Self.precedes(last, path) { isSorted = false }
            order.append(path)
            records.append(file)
        }
        if isSorted { return PreviousFiles(order: order, records: records, lines: (file, lines)) }
        // A manifest this executable did not write: the last line of a path wins, as it did.
        var files: [String: WrittenFile] = [:]
        for (path, file) in zip(order, records) { files[path] = file }
        return PreviousFiles(files: files, order: files.keys.sorted())
    }

    /// Whether `first` sorts before `second` as `<` sorts the manifest's paths: by their UTF-8 bytes
    /// when both are known to be ASCII (as site paths almost always are: `<` made a tenth of filing the
    /// records), else by `<` itself, which orders by canonical equivalence.
    static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8Span.isKnownASCII && second.utf8Span.isKnownASCII ? TextOrder.utf8Precedes(first, second) : first < second
    }

    /// Whether every file the manifest lists is still there, a regular file (and every line is
    /// well-formed). Reads path and size off each line and finds it in its folder's listing
    /// (``FolderWalker``), on every core; or, when the manifest recorded its folders' stamps, from them
    /// (``isIntact(at:now:settled:)``, whose stamps to record it leaves out).
    func isIntact(at output: URL) -> Bool {
        var settled: FolderStamps?
        return isIntact(at: output, now: Date(), settled: &settled)
    }

    /// Whether every file the manifest lists is still there (``isIntact(at:)``): at once when every
    /// folder holding one still has its recorded stamp (``folders``), else from the folders' listings.
    /// `settled` is given the stamps the manifest should hold from now on: the recorded ones when they
    /// matched; when the listings were read, the stamps each listing took before it was read, if every
    /// folder had settled by `now`; else `nil`.
    func isIntact(at output: URL, now: Date, settled: inout FolderStamps?) -> Bool {
        settled = nil
        let site = open(output.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard site >= 0 else { return linesStart >= file.count }
        defer { close(site) }
        if let folders, folders.match(in: site) {
            settled = folders
            return true
        }
        let (intact, stamps) = walk(site: site)
        if intact { settled = stamps.flatMap { FolderStamps.settled($0, now: now) } }
        return intact
    }

    /// ``isIntact(at:)`` of the site open as `site`, and the stamps of the folders listed (`nil` when one
    /// could not be taken).
    private func walk(site: Int32) -> (intact: Bool, stamps: [String: FolderStamps.Stamp]?) {
        let stamps = Mutex<[String: FolderStamps.Stamp]?>([:])
        let broken = Atomic<Bool>(false)
        file.withBytes { buffer in
            nonisolated(unsafe) let buffer = buffer
            // Parts of about 128 KB of lines (some 1,800 files), each cut where a line starts.
            let cuts = Self.lineCuts(of: buffer, from: linesStart, part: 128 << 10)
            DispatchQueue.concurrentPerform(iterations: cuts.count - 1) { index in
                var walker = FolderWalker(site: site)
                var start = cuts[index]
                let end = cuts[index + 1]
                while start < end {
                    if broken.load(ordering: .relaxed) { return }
                    let lineEnd = Self.lineEnd(in: buffer, from: start, before: end)
                    if !Self.isPresent(UnsafeBufferPointer(rebasing: buffer[start..<lineEnd]), walker: &walker) {
                        broken.store(true, ordering: .relaxed)
                        return
                    }
                    start = lineEnd + 1
                }
                let taken = walker.stamps
                stamps.withLock { all in
                    guard let known = all, let taken else { all = nil; return }
                    all = known.merging(taken) { first, _ in first }
                }
            }
        }
        return (!broken.load(ordering: .relaxed), stamps.withLock { $0 })
    }

    /// Where the line break after `start` is (`memchr`), or `end` when there is none before it.
    private static func lineEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        guard let found = memchr(buffer.baseAddress! + start, 0x0A, end - start) else { return end }
        return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Offsets that cut the lines from `start` to the end of `buffer` into parts of about `part` bytes,
    /// each at the start of a line: the first is `start`, the last the end of the buffer.
    private static func lineCuts(of buffer: UnsafeBufferPointer<UInt8>, from start: Int, part: Int) -> [Int] {
        var cuts = [min(start, buffer.count)]
        while let last = cuts.last, last + part < buffer.count {
            let next = lineEnd(in: buffer, from: last + part, before: buffer.count) + 1
            guard next < buffer.count else { break }
            cuts.append(next)
        }
        cuts.append(buffer.count)
        return cuts
    }

    /// Where each file line is, without its line break.
    private func fileLines() -> [Range<Int>] {
        var lines: [Range<Int>] = []
        lines.reserveCapacity(estimatedFileCount)
        file.withBytes { buffer in
            var start = linesStart
            while start < buffer.count {
                let end = Self.lineEnd(in: buffer, from: start, before: buffer.count)
                lines.append(start..<end)
                start = end + 1
            }
        }
        return lines
    }

    /// Whether the file of one line (`size TAB hash TAB digest TAB path`) is present.
    private static func isPresent(_ line: UnsafeBufferPointer<UInt8>, walker: inout FolderWalker) -> Bool {
        guard let base = line.baseAddress else { return false }
        /// The offset of the first `byte` at or after `from`, or `nil`.
        func find(_ byte: UInt8, from: Int) -> Int? {
            guard from < line.count, let found = memchr(base + from, Int32(byte), line.count - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let tab = UInt8(ascii: "\t")
        guard let first = find(tab, from: 0), first > 0, first <= 18,
              let second = find(tab, from: first + 1), let third = find(tab, from: second + 1) else { return false }
        var size = 0
        for index in 0..<first {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return false }
            size = size * 10 + Int(digit)
        }
        let name = third + 1
        if find(UInt8(ascii: "\\"), from: name) != nil || find(0, from: name) != nil {
            // An escaped path (a backslash or line break in a file name): the rare slow way.
            guard let (decoded, file) = BuildFingerprint.parseFileLine(line) else { return false }
            return walker.isRegularFile(decoded, size: file.size)
        }
        return walker.isRegularFile(UnsafeBufferPointer(rebasing: line[name...]), size: size)
    }

    /// Rewrites the manifest in the site at `output` with `hashes` as its input hashes and `folders` as its
    /// folder stamps, atomically (a
    /// temporary file renamed over it), its file lines as they were. Best effort: if it cannot be
    /// written, the next build reads those files again, as it would have.
    func recordInputHashes(_ hashes: [String: String], folders: FolderStamps?, at output: URL) {
        let header = BuildFingerprint.Header(format: BuildFingerprint.format, fingerprint: fingerprint, engine: engine,
                                             pageCount: pageCount, diagnostics: diagnostics, inputHashes: hashes,
                                             folders: folders?.stamps)
        guard var data = BuildFingerprint.encodedHeader(header) else { return }
        file.withBytes { data.append(contentsOf: UnsafeBufferPointer(rebasing: $0[linesStart...])) }
        let path = output.appendingPathComponent(BuildFingerprint.manifestPath).path
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
