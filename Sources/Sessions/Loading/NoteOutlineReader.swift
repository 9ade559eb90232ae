import Diagnostics
import Foundation

/// Reads a note outline (`"format": "loupe-note-outline"`).
enum NoteOutlineReader {
    /// The outline in `document`, or `nil` with diagnostics.
    static func read(_ document: JSONDocument, log: inout DiagnosticLog) -> NoteOutline? {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        let root = document.rootNode
        root.warnUnknownKeys(["format", "version", "id", "title", "description", "trials", "categories"], log: &fileLog)
        let id = root.nonEmptyString("id", log: &fileLog)
        if let id, SessionID.slug(id) != id {
            root.member("id")?.error("an outline id uses lowercase letters, digits and hyphens only, such as \"barium-swallow\"", log: &fileLog)
        }
        let title = root.nonEmptyString("title", log: &fileLog)
        let summary = root.nonEmptyString("description", required: false, log: &fileLog)
        var trialCount: Int?
        if let count = root.number("trials", log: &fileLog) {
            if count >= 1, count <= 1000, count == count.rounded() {
                trialCount = Int(count)
            } else {
                root.member("trials")?.error("trials must be a whole number from 1 to 1000", log: &fileLog)
            }
        }
        var categories: [OutlineCategory] = []
        var inputIDs: [String: JSONPath] = [:]
        if let nodes = root.array("categories", log: &fileLog) {
            if nodes.isEmpty { root.member("categories")?.error("an outline needs at least one category", log: &fileLog) }
            for node in nodes {
                guard node.expectObject(log: &fileLog) else { continue }
                node.warnUnknownKeys(["title", "inputs"], log: &fileLog)
                let categoryTitle = node.nonEmptyString("title", log: &fileLog)
                var inputs: [OutlineInput] = []
                if let inputNodes = node.array("inputs", log: &fileLog) {
                    if inputNodes.isEmpty { node.member("inputs")?.error("a category needs at least one input", log: &fileLog) }
                    for inputNode in inputNodes {
                        guard let input = readInput(inputNode, log: &fileLog) else { continue }
                        if let earlier = inputIDs[input.id] {
                            inputNode.error("input id \"\(input.id)\" is already used at \(earlier); ids must be unique", log: &fileLog)
                        }
                        inputIDs[input.id] = inputNode.path
                        inputs.append(input)
                    }
                }
                if let categoryTitle { categories.append(OutlineCategory(title: categoryTitle, inputs: inputs)) }
            }
        }
        guard !fileLog.hasErrors, let id, let title, let trialCount else { return nil }
        return NoteOutline(id: id, title: title, summary: summary, trialCount: trialCount, categories: categories,
                           source: SourceLocation(path: document.path))
    }

    private static func readInput(_ node: JSONNode, log: inout DiagnosticLog) -> OutlineInput? {
        guard node.expectObject(log: &log) else { return nil }
        node.warnUnknownKeys(["id", "label", "kind", "options", "min", "max", "step", "unit", "labels"], log: &log)
        let id = node.nonEmptyString("id", log: &log)
        let label = node.nonEmptyString("label", log: &log)
        guard let kindName = node.string("kind", log: &log) else { return nil }
        var kind: OutlineInput.Kind?
        switch kindName {
        case "single", "multiple":
            guard let options = node.strings("options", required: true, log: &log) else { return nil }
            let trimmed = options.map { $0.trimmingCharacters(in: .whitespaces) }
            if trimmed.isEmpty || trimmed.contains("") {
                node.member("options")?.error("options must be a non-empty list of non-empty names", log: &log)
                return nil
            }
            if Set(trimmed).count != trimmed.count {
                node.member("options")?.error("an option is listed twice; each must be unique", log: &log)
                return nil
            }
            kind = kindName == "single" ? .singleChoice(options: trimmed) : .multipleChoice(options: trimmed)
        case "scale":
            let minimum = node.number("min", log: &log)
            let maximum = node.number("max", log: &log)
            let step = node.number("step", required: false, log: &log) ?? 1
            guard let minimum, let maximum else { return nil }
            guard minimum < maximum, step > 0, step <= maximum - minimum else {
                node.error("a scale needs min < max and 0 < step ≤ max − min", log: &log)
                return nil
            }
            var labels: [Double: String] = [:]
            if let labelNode = node.object("labels", required: false, log: &log) {
                for key in labelNode.keys {
                    guard let value = Double(key), let text = labelNode.member(key)?.stringValue else {
                        labelNode.member(key)?.error("scale labels map a value (such as \"3\") to a description string", log: &log)
                        continue
                    }
                    labels[value] = text
                }
            }
            let unit = node.nonEmptyString("unit", required: false, log: &log)
            let scale = NumberScale(minimum: minimum, maximum: maximum, step: step, unit: unit, labels: labels)
            for value in labels.keys.sorted() where !scale.contains(value) {
                node.member("labels")?.error("label for \(NumberScale.format(value)) is not on the scale \(scale.rangeText)", log: &log)
            }
            kind = .scale(scale)
        case "text":
            kind = .text
        default:
            node.member("kind")?.error("kind is \"\(kindName)\"; expected single, multiple, scale or text", log: &log)
        }
        guard let id, let label, let kind else { return nil }
        return OutlineInput(id: id, label: label, kind: kind)
    }
}
