import Mustache

/// What one template renders for every context of one ``ContextShape``: the text between the
/// values, and where each value goes with the escaping its tag gave it.
///
/// It is made by rendering the template once through swift-mustache with a *marker context*: the
/// same dictionaries, arrays and booleans, but every text replaced by a marker (private-use
/// characters holding the text's number and a probe, `*&`, whose escaped form tells `{{x}}` in a
/// Markdown template from `{{x}}` in an HTML one and from `{{{x}}}`). When the output holds anything
/// the markers cannot stand for, no skeleton is made and the shape's contexts are rendered directly
/// (``SkeletonMemo/Entry/unusable``).
struct RenderSkeleton: Sendable {
    /// How a value was escaped where it went.
    enum Escaping: Sendable {
        case none, html, markdown

        func apply(_ text: String) -> String {
            switch self {
            case .none: text
            case .html: MustacheHTMLEscaping.escape(text)
            case .markdown: MarkdownContentType().escapeText(text)
            }
        }
    }

    enum Piece: Sendable {
        case text(String)
        case value(Int, Escaping)
    }

    let pieces: [Piece]
    /// The UTF-8 length of the text between the values.
    private let literalLength: Int

    /// The skeleton's output with `texts` (numbered as ``ContextShape/of(_:template:)`` numbers them).
    func render(_ texts: [String]) -> String {
        var output = ""
        output.reserveCapacity(literalLength + texts.reduce(0) { $0 + $1.utf8.count } + 64)
        for piece in pieces {
            switch piece {
            case .text(let text): output += text
            case .value(let number, let escaping): output += escaping.apply(texts[number])
            }
        }
        return output
    }

    // MARK: Markers

    static let markerStart: Unicode.Scalar = "\u{E000}"
    static let markerEnd: Unicode.Scalar = "\u{E001}"
    /// Printed where a template shows a whole dictionary or array (`{{.}}` on one): the shape is unusable.
    static let structureMarker: Unicode.Scalar = "\u{E002}"
    /// Digits of a marker's number: U+E100 + 0…255, most significant first.
    static let digitBase: UInt32 = 0xE100
    static let probe = "*&"
    private static let escapedProbes: [(String, Escaping)] = [
        (probe, .none), (MustacheHTMLEscaping.escape(probe), .html), (MarkdownContentType().escapeText(probe), .markdown),
    ]

    /// The marker standing for text number `number`.
    static func marker(_ number: Int) -> String {
        var marker = String(markerStart)
        marker.unicodeScalars.append(Unicode.Scalar(digitBase + UInt32(number >> 16 & 0xFF))!)
        marker.unicodeScalars.append(Unicode.Scalar(digitBase + UInt32(number >> 8 & 0xFF))!)
        marker.unicodeScalars.append(Unicode.Scalar(digitBase + UInt32(number & 0xFF))!)
        marker += probe
        marker.unicodeScalars.append(markerEnd)
        return marker
    }

    /// Whether `scalar` is one the markers use, which a template must not hold itself.
    static func isMarkerScalar(_ scalar: Unicode.Scalar) -> Bool { (0xE000...0xE1FF).contains(scalar.value) }

    /// Cuts the marker context's output into pieces; `nil` when a marker is not whole, its probe was
    /// escaped in an unknown way, a structure was printed or a number is out of range.
    init?(markedOutput: String, textCount: Int) {
        var pieces: [Piece] = []
        let scalars = markedOutput.unicodeScalars
        var literalStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard Self.isMarkerScalar(scalar) else { index = scalars.index(after: index); continue }
            guard scalar == Self.markerStart else { return nil }
            var cursor = scalars.index(after: index)
            var number = 0
            for _ in 0..<3 {
                guard cursor < scalars.endIndex, (Self.digitBase...Self.digitBase + 255).contains(scalars[cursor].value) else { return nil }
                number = number << 8 | Int(scalars[cursor].value - Self.digitBase)
                cursor = scalars.index(after: cursor)
            }
            guard let end = scalars[cursor...].firstIndex(of: Self.markerEnd), number < textCount,
                  let escaping = Self.escapedProbes.first(where: { $0.0 == String(scalars[cursor..<end]) })?.1
            else { return nil }
            if literalStart < index { pieces.append(.text(String(scalars[literalStart..<index]))) }
            pieces.append(.value(number, escaping))
            index = scalars.index(after: end)
            literalStart = index
        }
        if literalStart < scalars.endIndex { pieces.append(.text(String(scalars[literalStart...]))) }
        self.pieces = pieces
        literalLength = pieces.reduce(0) { length, piece in
            if case .text(let text) = piece { length + text.utf8.count } else { length }
        }
    }
}

/// The marker context: a context's dictionaries, arrays and booleans with each text replaced by its
/// marker, numbered in the order ``ContextShape`` walks them.
enum MarkerContext {
    static func make(_ value: Any, next: inout Int) -> Any {
        switch Kind(value) {
        case .text(let text) where text.isEmpty:
            return text
        case .text, .number:
            defer { next += 1 }
            return RenderSkeleton.marker(next)
        case .flag(let flag):
            return flag
        case .dictionary(let dictionary):
            var children: [String: Any] = [:]
            for key in dictionary.keys.sorted() { children[key] = make(dictionary[key]!, next: &next) }
            return MarkedDictionary(children: children)
        case .dictionaries(let list):
            return MarkedList(elements: list.map { make($0, next: &next) })
        case .texts(let list):
            return MarkedList(elements: list.map { make($0, next: &next) })
        case .values(let list):
            return MarkedList(elements: list.map { make($0, next: &next) })
        case nil:
            preconditionFailure("ContextShape accepts only the kinds MarkerContext makes")
        }
    }
}

/// A dictionary of the marker context: looked up like `[String: Any]`, but printing it whole prints
/// the structure marker (swift-mustache would print the dictionary's description).
private struct MarkedDictionary: MustacheParent, MustacheCustomRenderable, CustomReflectable {
    let children: [String: Any]
    func child(named name: String) -> Any? { children[name] }
    var renderText: String { String(RenderSkeleton.structureMarker) }
    var isNull: Bool { false }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// An array of the marker context: iterated like an array by sections, printing it whole prints the
/// structure marker, and it has no named children (as an array has none).
private struct MarkedList: MustacheSequence, MustacheCustomRenderable, CustomReflectable {
    let elements: [Any]
    func makeIterator() -> IndexingIterator<[Any]> { elements.makeIterator() }
    var renderText: String { String(RenderSkeleton.structureMarker) }
    var isNull: Bool { false }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
