import Diagnostics
import Foundation

/// Reads a note session (`"format": "loupe-note-session"`) and checks it against its outline.
enum NoteSessionReader {
    /// The session in `document`, or `nil` with diagnostics. `outlines` maps outline ids to outlines.
    static func read(_ document: JSONDocument, outlines: [String: NoteOutline], log: inout DiagnosticLog) -> NoteSession? {
        var fileLog = DiagnosticLog()
        defer { log.merge(fileLog) }
        let root = document.rootNode
        root.warnUnknownKeys(["format", "version", "id", "outline", "started", "clinician", "subject", "trials"], log: &fileLog)
        let id = root.nonEmptyString("id", log: &fileLog)
        let started = SessionFields.timestamp(root, "started", required: false, log: &fileLog)
        let clinician = root.nonEmptyString("clinician", required: false, log: &fileLog)
        // The app lets a note name its patient or subject.
        let subject = root.nonEmptyString("subject", required: false, log: &fileLog)
        var outline: NoteOutline?
        if let outlineID = root.nonEmptyString("outline", log: &fileLog) {
            outline = outlines[outlineID]
            if outline == nil {
                let known = outlines.keys.sorted()
                let hint = known.isEmpty ? "no outlines were found" : "known outlines: \(known.joined(separator: ", "))"
                root.member("outline")?.error("unknown outline \"\(outlineID)\"; add content/outlines/\(outlineID).json or fix the name (\(hint))", log: &fileLog)
            }
        }
        guard let trialNodes = root.array("trials", log: &fileLog) else { return nil }
        guard let outline else { return nil }
        if trialNodes.count > outline.trialCount {
            root.member("trials")?.error("\(trialNodes.count) trials recorded but the outline \"\(outline.id)\" has \(outline.trialCount); remove the extra trials or raise \"trials\" in the outline", log: &fileLog)
        }
        var trials: [NoteTrial] = []
        var numbers: [Int: JSONPath] = [:]
        for (position, node) in trialNodes.enumerated() {
            guard node.expectObject(log: &fileLog) else { continue }
            node.warnUnknownKeys(["trial", "inputs"], log: &fileLog)
            var number = position + 1
            if let value = node.number("trial", required: false, log: &fileLog) {
                if value >= 1, value <= Double(outline.trialCount), value == value.rounded() {
                    number = Int(value)
                } else {
                    node.member("trial")?.error("trial must be a whole number from 1 to \(outline.trialCount)", log: &fileLog)
                }
            }
            if let earlier = numbers[number] {
                node.error("trial \(number) is already recorded at \(earlier); number each trial once", log: &fileLog)
            }
            numbers[number] = node.path
            var entries: [String: NoteEntry] = [:]
            if let inputs = node.object("inputs", required: false, log: &fileLog) {
                for key in inputs.keys {
                    guard let entryNode = inputs.member(key) else { continue }
                    guard let input = outline.input(key) else {
                        entryNode.error("the outline \"\(outline.id)\" has no input \"\(key)\"; check the id", log: &fileLog)
                        continue
                    }
                    if let entry = readEntry(entryNode, input: input, log: &fileLog) { entries[key] = entry }
                }
            }
            trials.append(NoteTrial(number: number, entries: entries))
        }
        trials.sort { $0.number < $1.number }
        if !fileLog.hasErrors && trials.allSatisfy({ $0.entries.isEmpty }) {
            root.error("this note has no recorded value; empty notes are not saved (record at least one input or delete the file)", log: &fileLog)
        }
        guard !fileLog.hasErrors, let id else { return nil }
        var session = NoteSession(id: id, outline: outline, started: started, clinician: clinician, trials: trials,
                                  source: SourceLocation(path: document.path))
        session.subject = subject
        return session
    }

    private static func readEntry(_ node: JSONNode, input: OutlineInput, log: inout DiagnosticLog) -> NoteEntry? {
        guard node.expectObject(log: &log) else { return nil }
        node.warnUnknownKeys(["value", "other", "completed"], log: &log)
        let completed = SessionFields.timestamp(node, "completed", required: false, log: &log)
        let value = node.member("value")
        var other: String?
        if let otherNode = node.member("other") {
            switch input.kind {
            case .singleChoice, .multipleChoice:
                if let text = otherNode.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                    other = text
                } else {
                    otherNode.error("\"other\" must be the value typed in, a non-empty string", log: &log)
                    return nil
                }
            case .scale, .text:
                otherNode.error("only choice inputs take an \"other\" value; \"\(input.id)\" is a \(input.kind.name) input", log: &log)
                return nil
            }
        }
        var values: [NoteValue] = []
        switch input.kind {
        case .singleChoice(let options):
            if let value {
                guard let text = value.stringValue else {
                    value.error("\"\(input.id)\" is a single choice: expected one option as a string, found \(value.kindName)", log: &log)
                    return nil
                }
                guard options.contains(text) else {
                    value.error("\"\(text)\" is not an option of \"\(input.id)\"; use one of \(options.joined(separator: ", ")) or put a typed-in value in \"other\"", log: &log)
                    return nil
                }
                if let other {
                    // A typed-in value the app later saved as an option may be written both ways: typed in.
                    guard other == text else {
                        node.error("a single choice has one value: give \"value\" or \"other\", not both", log: &log)
                        return nil
                    }
                } else {
                    values.append(.option(text))
                }
            }
        case .multipleChoice(let options):
            if let value {
                guard let elements = value.elements else {
                    value.error("\"\(input.id)\" is a multiple choice: expected an array of options, found \(value.kindName)", log: &log)
                    return nil
                }
                for element in elements {
                    guard let text = element.stringValue, options.contains(text) else {
                        element.error("not an option of \"\(input.id)\"; use one of \(options.joined(separator: ", ")) or put a typed-in value in \"other\"", log: &log)
                        return nil
                    }
                    if values.contains(.option(text)) {
                        element.error("\"\(text)\" is chosen twice", log: &log)
                        return nil
                    }
                    values.append(.option(text))
                }
            }
        case .scale(let scale):
            if let value {
                guard let number = value.numberValue else {
                    value.error("\"\(input.id)\" is a number scale: expected a number, found \(value.kindName)", log: &log)
                    return nil
                }
                guard scale.contains(number) else {
                    value.error("\(NumberScale.format(number)) is outside the scale of \"\(input.id)\" (\(scale.rangeText))", log: &log)
                    return nil
                }
                values.append(.number(number))
            }
        case .text:
            if let value {
                guard let text = value.stringValue else {
                    value.error("\"\(input.id)\" is free text: expected a string, found \(value.kindName)", log: &log)
                    return nil
                }
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { values.append(.text(trimmed)) }
            }
        }
        if let other { values.append(.other(other)) }
        // The app allows a multiple choice answered with none chosen: "none", unlike "not recorded".
        if values.isEmpty, case .multipleChoice = input.kind, value?.elements?.isEmpty == true {
            return NoteEntry(values: [], completed: completed)
        }
        if values.isEmpty {
            node.error("\"\(input.id)\" has no value; record a value or leave the input out (it is then shown as not recorded)", log: &log)
            return nil
        }
        return NoteEntry(values: values, completed: completed)
    }
}
