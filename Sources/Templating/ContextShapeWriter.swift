/// The shape and texts of a context written from typed values, without making its `[String: Any]`:
/// a caller that renders one template many times (every card section) writes what
/// ``ContextShape/of(_:template:)`` would give for the dictionary, and the dictionary is made only when
/// swift-mustache needs it (a shape's first two sightings, or no skeleton).
///
/// The caller writes a dictionary's keys in sorted order (`String`'s `<`), each followed by its
/// value, exactly as the walk of the dictionary would; `ContextShapeWriterTests` compares the two.
public struct ContextShapeWriter {
    var bytes: [UInt8] = []
    var texts: [String] = []
    private let template: String

    /// A writer for a context of template `template`.
    public init(template: String) {
        self.template = template
        bytes.reserveCapacity(128)
        texts.reserveCapacity(8)
        ContextShape.appendName(template, to: &bytes)
    }

    /// A writer of a value inside a context (``Walked/init(writing:)``).
    private init() { template = "" }

    /// Opens a dictionary; its entries follow, keys in sorted order.
    public mutating func openDictionary() { bytes.append(UInt8(ascii: "{")) }

    /// Closes the dictionary opened last.
    public mutating func closeDictionary() { bytes.append(UInt8(ascii: "}")) }

    /// The next key of the open dictionary.
    public mutating func key(_ name: String) { ContextShape.appendName(name, to: &bytes) }

    /// A string value.
    public mutating func text(_ text: String) {
        bytes.append(text.isEmpty ? UInt8(ascii: "e") : UInt8(ascii: "s"))
        if !text.isEmpty { texts.append(text) }
    }

    /// An `Int` value.
    public mutating func number(_ number: Int) {
        bytes.append(UInt8(ascii: "i"))
        texts.append(String(number))
    }

    /// A `Bool` value.
    public mutating func flag(_ flag: Bool) { bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f")) }

    /// A value of a dictionary written with ``dictionary(_:)``.
    public enum Entry {
        case text(String), number(Int), flag(Bool), value(Walked)
    }

    /// A dictionary of `entries`, written in the sorted order of their keys, as the walk of a
    /// `[String: Any]` is; of two entries with one key the later is written, as a later assignment to a
    /// dictionary replaces the earlier.
    public mutating func dictionary(_ entries: [(key: String, value: Entry)]) {
        openDictionary()
        // Entries listed in key order (each key before the next; a card's sections are) are written as
        // they are, without sorting their indices.
        if entries.indices.dropFirst().allSatisfy({ entries[$0 - 1].key < entries[$0].key }) {
            for entry in entries { write(entry) }
        } else {
            let order = entries.indices.sorted { entries[$0].key < entries[$1].key || (entries[$0].key == entries[$1].key && $0 < $1) }
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, entries[order[position + 1]].key == entries[index].key { continue }
                write(entries[index])
            }
        }
        closeDictionary()
    }

    private mutating func write(_ entry: (key: String, value: Entry)) {
        key(entry.key)
        switch entry.value {
        case .text(let value): text(value)
        case .number(let value): number(value)
        case .flag(let value): flag(value)
        case .value(let value): self.value(value)
        }
    }

    /// An array of `elements`, each written by `write`.
    public mutating func list<Element>(_ elements: [Element], _ write: (inout ContextShapeWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for element in elements { write(&self, element) }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Whether what was written is what ``ContextShape/of(_:template:)`` gives for `context` (the check
    /// the tests make of every writer against the dictionary it stands for).
    public func matches(_ context: [String: Any]) -> Bool {
        guard let (shape, texts) = ContextShape.of(context, template: template) else { return false }
        return shape == ContextShape(bytes: bytes) && texts == self.texts
    }

    /// A value whose shape was walked once (``Walked``), such as the site values every page carries.
    public mutating func value(_ walked: Walked) {
        bytes += walked.bytes
        texts += walked.texts
    }

    /// A value's shape and texts, walked once and written into many contexts.
    public struct Walked: @unchecked Sendable {
        let bytes: [UInt8]
        let texts: [String]

        /// The value `write` writes.
        public init(writing write: (inout ContextShapeWriter) -> Void) {
            var writer = ContextShapeWriter()
            write(&writer)
            (bytes, texts) = (writer.bytes, writer.texts)
        }

        /// The walk of `value`; `nil` when a context holding it has no shape (``ContextShape/of(_:template:)``).
        public init?(_ value: Any) {
            var bytes: [UInt8] = [], texts: [String] = []
            guard ContextShape.walk(value, into: &bytes, texts: &texts) else { return nil }
            (self.bytes, self.texts) = (bytes, texts)
        }
    }
}
