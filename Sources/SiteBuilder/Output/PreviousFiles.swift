import Diagnostics

/// The files an earlier build recorded (``RecordedBuild``), by path and in its manifest's sorted order.
///
/// Each record carries its place in that order, found by the same lookup that finds the record: a
/// build marks the places of the files it keeps or writes again, and the files it dropped and the
/// sorted paths that stay are then read off the marks in order, without hashing 13,000 paths again.
final class PreviousFiles: Sendable {
    /// One earlier file: its record and its place in ``order``.
    struct Entry: Sendable {
        let file: WrittenFile
        let position: Int
    }

    /// Every path, sorted.
    let order: [String]
    /// The record of each path of ``order``, at its place.
    private let records: [WrittenFile]
    /// The place of each path of ``order``: filed on another thread when the records are made from a
    /// manifest (``init(order:records:lines:)``), and waited for by the first lookup. Filing 13,000
    /// hashed paths took 4-5 ms of a one-card edit on the build's critical path, before its deck was
    /// read; the first lookup comes once the deck is read and the site planned.
    private let positions: BackgroundValue<[String: Int]>
    /// The manifest the records were read from, and where each one's line is in it (without its line
    /// break), when its lines were in ``order``; `nil` otherwise.
    private let lines: (manifest: FileBytes, ranges: [Range<Int>])?

    /// The records of `files`, whose keys are exactly the paths of the sorted `order`.
    convenience init(files: [String: WrittenFile], order: [String]) {
        precondition(files.count == order.count, "every recorded path is listed once")
        self.init(order: order, records: order.map { files[$0]! },
                  positions: Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) }))
    }

    /// Records already placed: `records[i]` is the record of `order[i]`, and `positions` maps each path of
    /// the sorted `order` to its place there; with `lines`, the manifest whose line `ranges[i]` is that
    /// record's, as ``BuildFingerprint/appendFileLine(_:_:to:)`` writes it.
    init(order: [String], records: [WrittenFile], positions: [String: Int], lines: (manifest: FileBytes, ranges: [Range<Int>])? = nil) {
        precondition(lines.map { $0.ranges.count == order.count } ?? true, "one line for each record")
        self.order = order
        self.records = records
        self.positions = BackgroundValue(made: positions)
        self.lines = lines
    }

    /// Records already placed, as ``init(order:records:positions:lines:)``, for paths of `order` that are
    /// distinct and sorted: their places are filed on another thread meanwhile.
    init(order: [String], records: [WrittenFile], lines: (manifest: FileBytes, ranges: [Range<Int>])) {
        precondition(lines.ranges.count == order.count, "one line for each record")
        self.order = order
        self.records = records
        self.lines = lines
        positions = BackgroundValue {
            var positions: [String: Int] = [:]
            positions.reserveCapacity(order.count)
            for (position, path) in order.enumerated() { positions[path] = position }
            return positions
        }
    }

    /// The record at `position` of ``order``.
    func record(at position: Int) -> WrittenFile { records[position] }

    /// Whether each record's manifest line can be copied (``line(at:to:)``).
    var hasLines: Bool { lines != nil }

    /// How many bytes the records' lines take, with their line breaks.
    var lineBytes: Int { lines.map { $0.ranges.reduce(0) { $0 + $1.count + 1 } } ?? 0 }

    /// Appends the manifest line of the record at `position`, with its line break.
    func line(at position: Int, to bytes: inout [UInt8]) {
        guard let lines else { preconditionFailure("the records were not read in order") }
        let range = lines.ranges[position]
        lines.manifest.withBytes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        bytes.append(0x0A)
    }

    /// The record of `path` and its place, or `nil` when the earlier build had no such file.
    subscript(path: String) -> Entry? {
        positions.value[path].map { Entry(file: records[$0], position: $0) }
    }

    /// How many files there were.
    var count: Int { order.count }

    /// Every record by path.
    var files: [String: WrittenFile] { Dictionary(uniqueKeysWithValues: zip(order, records)) }

    /// Which files are still in the site at `sitePath` (open as `folder`, or `-1`) as recorded: a regular
    /// file, not a link (its size compared only where its folder's listing does not tell: ``FolderWalker``).
    func presence(inFolder folder: Int32, sitePath: String) -> PositionMarks {
        var present = PositionMarks(size: order.count)
        var walker = FolderWalker(site: folder)
        for (position, (path, file)) in zip(order, records).enumerated() {
            let isPresent = folder >= 0 ? walker.isRegularFile(path, size: file.size) : file.isPresent(at: sitePath + "/" + path)
            if isPresent { present.mark(position) }
        }
        return present
    }
}

/// Which places of a ``PreviousFiles`` order are marked: one flag each, and how many are set.
struct PositionMarks {
    private var flags: [Bool]
    /// How many places are marked.
    private(set) var count = 0

    /// `size` places, none marked.
    init(size: Int) { flags = Array(repeating: false, count: size) }

    /// Marks `position`.
    mutating func mark(_ position: Int) {
        if !flags[position] { flags[position] = true; count += 1 }
    }

    /// Takes the mark off `position`.
    mutating func unmark(_ position: Int) {
        if flags[position] { flags[position] = false; count -= 1 }
    }

    /// Whether `position` is marked.
    subscript(position: Int) -> Bool { flags[position] }

    /// Whether every place is marked.
    var isFull: Bool { count == flags.count }

    /// The elements of `order` (as long as the marks) at the marked places, or at the unmarked ones.
    func select<T>(_ order: [T], marked: Bool = true) -> [T] {
        var selected: [T] = []
        selected.reserveCapacity(marked ? count : flags.count - count)
        for (position, flag) in flags.enumerated() where flag == marked { selected.append(order[position]) }
        return selected
    }
}
