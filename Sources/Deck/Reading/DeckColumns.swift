/// Where each field sits in a deck export, found by header name.
public struct DeckColumns: Sendable, Equatable {
    /// The optional blank-titled first column holding a slide number.
    public var slide: Int?
    /// `Category`.
    public var category: Int
    /// `Topic`.
    public var topic: Int
    /// `Subtopic`.
    public var subtopic: Int
    /// `Image`, or `nil` in real exports.
    public var image: Int?
    /// `Image Caption`.
    public var caption: Int?
    /// Header/Info pairs in number order: `(number, header column, info column)`.
    public var sections: [(number: Int, header: Int?, info: Int?)]

    /// The highest column index used.
    public var lastUsedColumn: Int {
        // No arrays: this is asked once per row.
        var last = max(category, topic, subtopic, slide ?? 0, image ?? 0, caption ?? 0)
        for pair in sections { last = max(last, pair.header ?? 0, pair.info ?? 0) }
        return last
    }

    public static func == (lhs: DeckColumns, rhs: DeckColumns) -> Bool {
        lhs.slide == rhs.slide && lhs.category == rhs.category && lhs.topic == rhs.topic
            && lhs.subtopic == rhs.subtopic && lhs.image == rhs.image && lhs.caption == rhs.caption
            && lhs.sections.map(\.number) == rhs.sections.map(\.number)
            && lhs.sections.map(\.header) == rhs.sections.map(\.header)
            && lhs.sections.map(\.info) == rhs.sections.map(\.info)
    }

    /// A header name in comparable form: lower case, without spaces, dots or underscores.
    static func normalise(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "." && $0 != "\u{FEFF}" }
    }

    /// Finds the columns in a header row, or returns why it is not one.
    ///
    /// - Returns: the columns, plus warnings about duplicate or unknown titles (column index, message).
    static func find(in cells: [String]) -> Result<(DeckColumns, [(Int, String)]), DeckHeaderProblem> {
        var category: Int?, topic: Int?, subtopic: Int?, image: Int?, caption: Int?
        var headers: [Int: Int] = [:], infos: [Int: Int] = [:]
        var warnings: [(Int, String)] = []
        for (index, cell) in cells.enumerated() {
            let key = normalise(cell)
            func assign(_ slot: inout Int?, _ title: String) {
                if slot == nil { slot = index } else { warnings.append((index, "a second '\(title)' column is ignored")) }
            }
            switch key {
            case "": continue
            case "category", "categories": assign(&category, "Category")
            case "topic", "topics": assign(&topic, "Topic")
            case "subtopic", "subtopics", "sub-topic": assign(&subtopic, "Subtopic")
            case "image", "images", "nil", "imagefile", "imagefiles", "picture", "pictures": assign(&image, "Image")
            case "imagecaption", "imagecaptions", "caption", "captions": assign(&caption, "Image Caption")
            default:
                if let number = numbered(key, prefix: "header") {
                    if headers[number] == nil { headers[number] = index } else { warnings.append((index, "a second 'Header \(number)' column is ignored")) }
                } else if let number = numbered(key, prefix: "info") {
                    if infos[number] == nil { infos[number] = index } else { warnings.append((index, "a second 'Info\(number)' column is ignored")) }
                } else {
                    warnings.append((index, "column '\(cell)' is not a deck column (Category, Topic, Subtopic, Image, Image Caption, Header N, Info N); it is ignored"))
                }
            }
        }
        guard let category, let topic else {
            return .failure(.notAHeader)
        }
        guard let subtopic else { return .failure(.missing("Subtopic")) }
        let numbers = Set(headers.keys).union(infos.keys).sorted()
        var sections = numbers.map { (number: $0, header: headers[$0], info: infos[$0]) }
        // Real exports keep typing Header/Info pairs past the last titled pair: blank-titled columns
        // after the last Info column continue the pattern, so that text is read rather than lost.
        if let last = sections.last, let lastInfo = last.info, lastInfo == (last.header ?? -2) + 1 {
            let usedTitles = cells.indices.filter { !normalise(cells[$0]).isEmpty }.max() ?? 0
            if lastInfo >= usedTitles {
                var column = lastInfo + 1, number = last.number + 1
                while column < cells.count {
                    sections.append((number: number, header: column, info: column + 1))
                    column += 2
                    number += 1
                }
            }
        }
        let firstTitle = cells.first.map { normalise($0) } ?? ""
        let slide = (firstTitle.isEmpty && category != 0 && cells.count > 1) ? 0 : nil
        return .success((DeckColumns(slide: slide, category: category, topic: topic, subtopic: subtopic,
                                     image: image, caption: caption, sections: sections), warnings))
    }

    static func numbered(_ key: String, prefix: String) -> Int? {
        guard key.hasPrefix(prefix) else { return nil }
        let rest = key.dropFirst(prefix.count)
        return rest.isEmpty ? 1 : Int(rest)
    }
}

/// Why a row is not a usable deck header.
enum DeckHeaderProblem: Error, Equatable {
    case notAHeader
    case missing(String)
}
